"""The CLI speaks its own words (issue 46): one bound per option, stated alike in its help and
in its error; no Python argument in a message; a puzzle file's missing or bad header named as
such; the terminal game's refusals in the player's words."""

import argparse
import re

import pytest
from cli.cli_helpers import assert_clean_error, run_quick

from trapcore import cli

# (the command, the option, its lower bound, what else a run needs to reach the check)
BOUNDS = [
    (["cat"], "--rows", 1, []),
    (["cat"], "--cols", 1, []),
    (["cat"], "--blocked", 0, []),
    (["cat"], "--seed", 0, []),
    (["cat", "simulate"], "--games", 1, []),
    (["cat", "simulate"], "--rows", 1, []),
    (["cat", "simulate"], "--cols", 1, []),
    (["cat", "simulate"], "--blocked", 0, []),
    (["cat", "simulate"], "--seed", 0, []),
    (["cat", "simulate"], "--workers", 1, []),
    (["cat", "simulate"], "--max-nodes", 1, []),
    (["cat", "solve"], "--rows", 1, []),
    (["cat", "solve"], "--cols", 1, []),
    (["cat", "solve"], "--blocked", 0, []),
    (["cat", "solve"], "--seed", 0, []),
    (["cat", "solve"], "--max-nodes", 1, []),
    (["cat", "solve"], "--workers", 1, []),
    (["maze", 5, 5], "--seed", 0, []),
    (["maze", 5, 5, 10, "-o", "m.png"], "--wall", 1, []),
    (["numberlink", 5], "--cols", 2, []),
    (["numberlink", 5], "--seed", 0, []),
    (["numberlink", 5], "--min-length", 2, []),
    (["numberlink", "solve", "-"], "--limit", 1, []),
    (["numberlink", "solve", "-"], "--max-nodes", 1, []),
]
# positional arguments: (the command before it, its name in help and errors, bound, after it)
POSITIONAL = [
    (["maze"], "rows", 1, [5]),
    (["maze", 5], "cols", 1, []),
    (["maze", 5, 5], "cell", 2, ["-o", "m.png"]),
    (["numberlink"], "N", 2, []),
]


def _parser(words):
    """The (sub)parser of ``words`` and the words that name it (``cat simulate``)."""
    parser, path = cli.build_parser(), []
    for w in words:
        sub = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not isinstance(w, str) or not sub or w not in sub[0].choices:
            break
        parser = sub[0].choices[w]
        path.append(w)
    return parser, " ".join(path)


def _help(words, option):
    for action in _parser(words)[0]._actions:
        names = action.option_strings or [action.dest, *str(action.metavar).split("|")]
        if option in names:
            return action.help
    raise AssertionError(f"{option} not found in {words}")


@pytest.mark.parametrize("command,option,bound,rest", BOUNDS + POSITIONAL)
def test_one_bound_per_option_in_help_and_error(tmp_path, command, option, bound, rest):
    assert f">= {bound}" in _help(command, option), _help(command, option)
    for value in (bound - 1, bound - 7):
        if option.startswith("-"):
            args = [*command, option, value, *rest]
        else:
            args = [*command, value, *rest]
        line = assert_clean_error(run_quick(*args, input="q\n", cwd=tmp_path))
        assert f"{option} must be >= {bound}" in line and f"got {value}" in line, line


def test_every_numeric_option_has_its_bound_listed():
    listed = {(_parser(command)[1], option) for command, option, _, _ in BOUNDS + POSITIONAL}
    exempt = {("cat solve", "--cat")}  # a cell: refused as off the board (below)
    for command in (["cat"], ["cat", "simulate"], ["cat", "solve"], ["maze"], ["numberlink"]):
        parser, path = _parser(command)
        for action in parser._actions:
            if action.type is not int:
                continue
            key = (path, action.option_strings[-1] if action.option_strings else action.dest)
            assert key in listed or key in exempt, f"{key}: add its bound to BOUNDS"


def test_numberlink_sizes_have_one_bound():
    zero = assert_clean_error(run_quick("numberlink", 0))
    one = assert_clean_error(run_quick("numberlink", 1))
    assert zero.replace("got 0", "got 1") == one and "N must be >= 2" in one, (zero, one)
    cols = assert_clean_error(run_quick("numberlink", 5, "--cols", 0))
    assert "--cols must be >= 2, got 0" in cols, cols


_PYTHON_WORDS = re.compile(r"\b[a-z_]+=\S|this function|\bcell = \(|unique=False")


def test_no_default_budget_names_cli_options():
    # the search's generator (short paths); the default generator has no such limit
    line = assert_clean_error(run_quick("numberlink", 60, "--no-long-paths", "--seed", 1))
    assert "--prover sat" in line and "--no-touch" in line, line
    assert not _PYTHON_WORDS.search(line), line
    assert "--max-nodes" not in line, line  # generation has no --max-nodes


@pytest.mark.parametrize(
    "args",
    [
        ["cat", "--policy", "smart", "--rows", 200, "--cols", 200],
        ["cat", "simulate", "--rows", 100, "--cols", 100],
        ["cat", "solve", "--rows", 100, "--cols", 100],
        ["cat", "--rows", 100000],
        ["maze", 100000, 100000],
        ["numberlink", 5, "--prover", "sat", "--no-touch"],
    ],
)
def test_messages_name_no_python_argument(args):
    line = assert_clean_error(run_quick(*args, input="q\n"))
    assert not _PYTHON_WORDS.search(line), line
    assert "--" in line or "rows" in line, line


def test_cli_words_reads_quoted_values():
    p = argparse.ArgumentParser()
    p.add_argument("--policy")
    p.add_argument("--prover")
    words = cli.cli_words
    assert words("use policy='bfs' or 'rays'", p) == "use --policy bfs or 'rays'"
    assert words('prover="sat" proves', p) == "--prover sat proves"
    assert words("the policy of a cat", p) == "the policy of a cat"


# -- puzzle files ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,words",
    [
        ("hello\n.....\n", ["no 'W H' header", "symbol 'h'", "such as '5 5'"]),
        ("1.2\n.3.\n", ["no 'W H' header", "such as '5 5'"]),
        ("1.1\n", ["no 'W H' header", "such as '5 5'"]),
        ("-3 3\n1.1.\n....\n.22.\n", ["line 1", "bad header", "'-3 3'", "such as '5 5'"]),
        ("5\n", ["line 1", "bad header", "'5'", "two numbers >= 1"]),
        ("5 5 5\n", ["line 1", "bad header", "'5 5 5'"]),
        ("3 0\n", ["line 1", "bad size 3 x 0", "such as '5 5'"]),
        ("3 1\n1.1\n\n-1 2\n", ["line 4", "bad header", "'-1 2'"]),
    ],
)
def test_a_missing_or_bad_header_is_named(tmp_path, text, words):
    f = tmp_path / "p.txt"
    f.write_text(text)
    line = assert_clean_error(run_quick("numberlink", "solve", f), "p.txt", *words)
    assert "row has" not in line and "1x1" not in line, line


def test_flow_boards_without_header_still_read(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("12\n12\n")  # a first row of digits is a row, not a header
    proc = run_quick("numberlink", "solve", f)
    assert proc.returncode == 0 and "unique" in proc.stdout, (proc.stdout, proc.stderr)


# -- the terminal game and cat solve --------------------------------------------------------------
def _game(lines):
    proc = run_quick("cat", "--seed", 1, input="".join(f"{ln}\n" for ln in lines) + "q\n")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_game_refusals_in_the_players_words():
    out = _game(["99 99", "-1 3", "5 5", "0 0", "0 0"])
    assert "99 99 is off the board (rows 0-10, columns 0-10)" in out, out
    assert "-1 3 is off the board (rows 0-10, columns 0-10)" in out, out
    assert "5 5 is where the cat is" in out, out
    assert "0 0 is already blocked" in out, out
    assert "cell =" not in out and "(99, 99)" not in out, out
    assert re.search(r"cat at \d+ \d+,", out), out  # the cat's cell as the player types one


def test_cat_solve_cell_in_the_cli_words(tmp_path):
    line = assert_clean_error(run_quick("cat", "solve", "--seed", 1, "--cat", 99, 99))
    assert "--cat 99 99 is off the board (rows 0-10, columns 0-10)" in line, line
    board = tmp_path / "b.txt"
    board.write_text(". # .\n . C .\n. . .\n")
    line = assert_clean_error(run_quick("cat", "solve", "--board", board, "--cat", 0, 1))
    assert "--cat 0 1 is a blocked cell" in line, line
