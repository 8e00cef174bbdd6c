"""``python -m trapcore.demo``: the same as ``trapcore demo``."""

import sys

from trapcore.demo.cli import main

sys.exit(main())
