"""``python -m trapcore``: the same as the ``trapcore`` command."""

import sys

from trapcore.cli import main

sys.exit(main())
