"""What a user meets at the edges of the CLI (issue 30): errors in the CLI's own words, honest
help and messages, SVG pictures, cat solve that says what it did."""

from __future__ import annotations

import argparse
import re
import xml.etree.ElementTree as ET

import pytest

from trapcore import cli


def main(capsys, *args):
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def error_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ": error: " in ln]
    assert len(lines) == 1, err
    return lines[0]


# -- the library's parameter names never reach the user ------------------------------------------
@pytest.mark.parametrize(
    "args, option, python",
    [
        (
            ["cat", "simulate", "--games", 3, "--max-nodes", 0],
            "--max-nodes must be >= 1",
            "max_nodes",
        ),
        (["cat", "solve", "--max-nodes", 0, "--seed", 1], "--max-nodes must be >= 1", "max_nodes"),
        (["cat", "solve", "--workers", 99999, "--seed", 1], "--workers must be", "workers="),
        (["numberlink", 1], "N must be >= 2", "rows"),
        (["numberlink", 2, "--seed", 1], "--min-length 3", "min_length"),
        (["numberlink", 3, "--min-length", 9, "--seed", 1], "--min-length 9", "max_attempts"),
    ],
)
def test_errors_name_the_cli_option(capsys, args, option, python):
    status, _, err = main(capsys, *args)
    line = error_line(err)
    assert status == 2 and option in line, line
    assert python not in line, line


def test_numberlink_too_small_says_the_library_reason(capsys):
    # not a bare "try another --seed": the reason (no 2 x 2 puzzle under these rules) and how to
    # relax it, in the CLI's words
    status, _, err = main(capsys, "numberlink", 2, "--seed", 1)
    line = error_line(err)
    assert status == 2
    assert "no 2 x 2 puzzle" in line and "--solids" in line and "--seed" in line, line
    assert "solids=True" not in line and "generate:" not in line, line


def test_cli_words_leaves_plain_words_alone():
    p = argparse.ArgumentParser()
    p.add_argument("--max-nodes", type=int)
    p.add_argument("--rows", type=int)
    p.add_argument("--solids", action="store_true")
    p.add_argument("--seed", type=int)
    words = cli.cli_words
    assert words("max_nodes must be >= 1, got 0", p) == "--max-nodes must be >= 1, got 0"
    assert words("rows must be >= 2", p) == "--rows must be >= 2"
    assert words("two rows of the board", p) == "two rows of the board"
    assert words("with solids=True, seed=4", p) == "with --solids, --seed 4"
    assert words("--max-nodes must be >= 1", p) == "--max-nodes must be >= 1"  # said already
    assert words("rows must be >= 2", p, {"rows": "N"}) == "N must be >= 2"
    assert words("unknown_name must be 1", p) == "unknown_name must be 1"
    for path in ("runs/max_nodes.txt: bad", "max_nodes.txt: bad", "C:\\d\\max_nodes: bad"):
        assert words(path, p) == path  # file names stay as they are


def test_cli_words_says_what_a_flag_sets():
    # --no-touch stores False in `touch`: touch=False is the flag, touch=True its absence
    p = argparse.ArgumentParser()
    p.add_argument("--no-touch", dest="touch", action="store_false")
    p.add_argument("--solids", action="store_true")
    words = cli.cli_words
    assert words("pass touch=False", p) == "pass --no-touch"
    assert words("under touch=True", p) == "under without --no-touch"
    assert words("with solids=False", p) == "with without --solids"
    assert words("with solids=True", p) == "with --solids"


# -- help texts ---------------------------------------------------------------------------------
def _parsers(parser: argparse.ArgumentParser, name: str = "trapcore"):
    yield name, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, p in action.choices.items():
                yield from _parsers(p, f"{name} {sub}")


@pytest.mark.parametrize("name", ["cat", "maze", "numberlink", "demo"])
def test_help_is_honest_and_complete(name):
    for where, p in _parsers(cli.build_parser()):
        if not where.startswith(f"trapcore {name}"):
            continue
        text = p.format_help()
        assert "%%" not in text, where  # argparse does not %-format descriptions
        assert not re.search(r"\bno a\b", text), where
        for action in p._actions:
            if action.dest != "help" and not isinstance(action, argparse._SubParsersAction):
                assert action.help, (where, action.option_strings or action.dest)


def test_simulate_help_shows_one_percent_sign(capsys):
    with pytest.raises(SystemExit):
        cli.main(["cat", "simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% interval" in out and "95%%" not in out


# -- the seed line: only for a seed the user did not give -------------------------------------
@pytest.mark.parametrize("args", [["maze", 3, 3], ["numberlink", 5]])
def test_seed_is_printed_only_when_drawn(capsys, args):
    _, _, err = main(capsys, *args)
    assert re.search(r"seed (\d+) \(--seed \1 repeats this\)", err), err
    _, _, err = main(capsys, *args, "--seed", 4)
    assert "repeats this" not in err, err


# -- maze pictures: SVG written, formats listed --------------------------------------------------
def test_maze_writes_svg(capsys, tmp_path):
    target = tmp_path / "x.svg"
    status, out, err = main(capsys, "maze", 5, 5, "-o", target, "--seed", 1, "--solve", "bfs")
    assert status == 0, err
    root = ET.fromstring(target.read_text())
    assert root.tag.endswith("svg") and root.get("width") == "52"
    assert "saved" in out and "SVG" in out
    assert [p.name for p in tmp_path.iterdir()] == ["x.svg"]  # no temporary file left


@pytest.mark.parametrize(
    "extra, word", [(["--trace", "--solve", "left"], "--trace"), (["--wall", 3], "--wall")]
)
def test_maze_svg_refuses_raster_only_options(capsys, tmp_path, extra, word):
    status, _, err = main(capsys, "maze", 5, 5, "-o", tmp_path / "x.svg", *extra)
    assert status == 2 and word in error_line(err)
    assert not (tmp_path / "x.svg").exists()


def test_maze_lists_what_it_writes(capsys, tmp_path):
    status, _, err = main(capsys, "maze", 5, 5, "-o", tmp_path / "x.xyz")
    line = error_line(err)
    assert status == 2
    for ext in (".svg", ".png", ".jpg", ".gif", ".bmp", ".webp"):
        assert ext in line, line
    with pytest.raises(SystemExit):
        cli.main(["maze", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert ".svg" in text and ".jpg" in text


@pytest.mark.parametrize("ext", [".jpg", ".png"])
def test_listed_raster_formats_work(capsys, tmp_path, ext):
    pytest.importorskip("PIL")
    status, _, err = main(capsys, "maze", 4, 4, "-o", tmp_path / f"x{ext}", "--seed", 2)
    assert status == 0, err
    assert (tmp_path / f"x{ext}").stat().st_size > 0


# -- cat solve says what it did ------------------------------------------------------------------
def test_cat_solve_immediate_win_has_no_minus_one(capsys, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text(".....\n..#..\n.#C#.\n..##.\n.....\n")  # one way out: block it
    status, out, _ = main(capsys, "cat", "solve", "--board", board, "--policy", "optimal")
    assert status == 0 and ": win" in out
    assert "-1" not in out, out
    assert "cut test" in out and "best block: 1 3" in out


def test_cat_solve_undecided_says_why(capsys):
    status, out, _ = main(
        capsys, "cat", "solve", "--seed", 5, "--max-nodes", 50, "--policy", "optimal"
    )
    assert status == 0 and ": unknown" in out
    assert "budget of 50 positions" in out and "--max-nodes" in out, out
    assert "-1" not in out


def test_cat_solve_has_progress_flags(capsys):
    with pytest.raises(SystemExit):
        cli.main(["cat", "solve", "--help"])
    out = capsys.readouterr().out
    assert "--progress" in out and "--no-progress" in out


def test_an_unknown_option_is_refused_by_its_subcommand(capsys):
    """``trapcore dataset maze -n 10 -o x --num-shards 4`` showed the top usage line (``usage:
    trapcore [-h] [--version] COMMAND ...``), which says nothing of the options it has."""
    for argv, usage, unknown in [
        (
            ["dataset", "maze", "-n", "10", "-o", "x", "--num-shards", "4"],
            "trapcore dataset maze",
            "--num-shards 4",
        ),
        (["numberlink", "5", "--budget", "0"], "trapcore numberlink", "--budget 0"),
        (["cat", "solve", "--nodes", "5"], "trapcore cat solve", "--nodes 5"),
        (["--bogus"], "trapcore", "--bogus"),
    ]:
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        err = capsys.readouterr().err
        assert e.value.code == 2
        assert err.startswith(f"usage: {usage} "), err
        assert f"{usage}: error: unrecognized arguments: {unknown}" in err, err


def test_cat_solve_shows_a_progress_line(monkeypatch, capsys):
    """``trapcore cat solve`` searched 45 s with nothing on the screen: with --progress (or on a
    terminal) a line names the budget while it searches (the timer's own drawing is tested in
    tests/cli/test_cli_progress.py; here, that the command starts it, without timing)."""
    import contextlib

    from trapcore.cat import cli as cat_cli

    seen = []

    @contextlib.contextmanager
    def timer(label, stream, **kwargs):
        seen.append((label, stream))
        yield

    monkeypatch.setattr(cat_cli, "timer", timer)
    argv = ["cat", "solve", "--seed", "5", "--max-nodes", "50", "--policy", "optimal"]
    assert cli.main([*argv, "--progress"]) == 0
    assert cli.main([*argv, "--no-progress"]) == 0
    assert [label for label, _ in seen] == ["solving (at most 50 positions)"] * 2
    assert seen[0][1] is not None and seen[1][1] is None
    out = capsys.readouterr().out
    assert "within 1 of its move " not in out


def test_cat_solve_says_one_of_its_moves(capsys, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text(".....\n..C..\n.....\n")  # two border cells to step to: one move
    status, out, _ = main(capsys, "cat", "solve", "--board", board)
    assert status == 0 and "within 1 of its moves whatever you do" in out, out
