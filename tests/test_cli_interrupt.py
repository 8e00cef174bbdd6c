"""Ctrl-C while the ``trapcore`` command starts (its modules loading, before main() can catch
it): one line, "trapcore: interrupted", status 130, no traceback. The long commands' own Ctrl-C
tests are beside their puzzles' (tests/*/test_*_interrupt.py, through tests/_sigint.py)."""

from __future__ import annotations

import signal

from _sigint import posix_only, run_child


@posix_only
def test_ctrl_c_while_the_command_starts_prints_one_line() -> None:
    # the console script's name in argv[0] (as pip's launcher leaves it); the KeyboardInterrupt
    # comes at the first moment after `import trapcore`, before `trapcore.cli` is imported
    out = run_child(
        "import sys\n"
        "sys.argv[0] = '/usr/local/bin/trapcore'\n"
        "import trapcore\n"
        "raise KeyboardInterrupt\n"
    )
    assert out.returncode in (130, -signal.SIGINT), out.returncode
    assert out.stderr == "trapcore: interrupted\n", out.stderr


@posix_only
def test_a_library_user_keeps_the_traceback() -> None:
    out = run_child("import trapcore\nraise KeyboardInterrupt\n")
    assert out.returncode in (130, -signal.SIGINT), out.returncode
    assert "Traceback" in out.stderr and "KeyboardInterrupt" in out.stderr
