"""`trapcore` as a new user meets it (issue 16): no traceback ever, errors in the CLI's own words,
quiet ends on a broken pipe, checks before the work."""

import os
import subprocess
import sys

import pytest
from _suite import HANG_GUARD, posix_only
from cli.cli_helpers import assert_clean_error, run, run_quick


def test_no_pillow_is_one_line(tmp_path):
    fake = tmp_path / "nopil" / "PIL"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named PIL')\n")
    env = {"PYTHONPATH": os.pathsep.join([str(fake.parent), os.environ.get("PYTHONPATH", "")])}
    proc = run("maze", 30, 60, 10, "-o", tmp_path / "m.png", env=env)
    assert_clean_error(proc, 'pip install "trapcore[image]"')
    assert not (tmp_path / "m.png").exists()


@pytest.mark.parametrize(
    "header", ["99999999999 1\nB\n", "1 99999999999\n.\n", "99999999999 99999999999\n"]
)
def test_huge_header_is_a_clean_error(tmp_path, header):
    f = tmp_path / "huge.txt"
    f.write_text(header)
    assert_clean_error(run("numberlink", "solve", f), "huge.txt")


def test_decoding_error_names_the_file(tmp_path):
    f = tmp_path / "latin1.txt"
    f.write_bytes(b"3 1\n1\xe91\n")
    assert_clean_error(run("numberlink", "solve", f), "latin1.txt", "UTF-8")
    g = tmp_path / "board.txt"
    g.write_bytes(b". . \xff\n")
    assert_clean_error(run("cat", "solve", "--board", g), "board.txt", "UTF-8")


def test_bom_is_accepted(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf3 1\n1.1\n")
    proc = run("numberlink", "solve", f)
    assert proc.returncode == 0 and "unique" in proc.stdout, proc.stderr


@posix_only
def test_endless_input_is_refused():
    assert_clean_error(run("numberlink", "solve", "/dev/zero"), "/dev/zero", "bytes")
    assert_clean_error(run("cat", "solve", "--board", "/dev/zero"), "/dev/zero")


def test_two_cats_refused(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text("C . .\n . C .\n. . .\n")
    assert_clean_error(run("cat", "solve", "--board", f), "two.txt", "two cats")


def _pipe_to_head(*args):
    p1 = subprocess.Popen(
        [sys.executable, "-m", "trapcore", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    p2 = subprocess.Popen(["head", "-1"], stdin=p1.stdout, stdout=subprocess.PIPE)
    p1.stdout.close()
    head = p2.communicate(timeout=HANG_GUARD)[0]
    err = p1.stderr.read().decode()
    p1.stderr.close()
    return p1.wait(timeout=HANG_GUARD), head, err


def test_broken_pipe_ends_quietly(tmp_path):
    f = tmp_path / "many.txt"
    f.write_text("\n".join(["3 1\n1.1\n"] * 3000))
    status, head, err = _pipe_to_head("numberlink", "solve", f)
    assert head.startswith(b"# puzzle 1")
    assert status == 0 and "Broken pipe" not in err and "Traceback" not in err, err
    status, head, err = _pipe_to_head(
        "cat",
        "simulate",
        "--games",
        50,
        "--player",
        "random,greedy",
        "--policy",
        "all",
        "--seed",
        1,
    )
    assert status == 0 and "Broken pipe" not in err and "Traceback" not in err, err
    status, head, err = _pipe_to_head("maze", 400, 400, "--seed", 1)
    assert status == 0 and "Traceback" not in err, err


@pytest.mark.parametrize(
    "args,words",
    [
        (["maze", 5, 5, "--braid", 2], ["--braid", "[0, 1]"]),
        (["maze", 5, 5, "-o", "x"], ["-o", "extension"]),
        (["maze", 5, 5, "-o", "."], ["-o", "folder"]),
        (["maze", 5, 5, "-o", ""], ["-o", "file name"]),
        (["maze", 5, 5, "-o", "no/such/folder/m.png"], ["-o", "does not exist"]),
        (["maze", 5, 5, "-o", "m.xyz"], ["-o", ".xyz"]),
        (["maze", 8000, 8000, 10, "-o", "big.png"], ["picture", "cell"]),
        (["maze", 3000, 3000], ["-o FILE.png"]),
        (["maze", 5, 5, "--trace", "--solve", "bfs", "-o", "m.png"], ["--trace", "--solve left"]),
        (["maze", 5, 5, 10, "-o", "m.png", "--wall", 10], ["--wall"]),
        (["numberlink", 5, "--limit", 3], ["--limit", "solve"]),
        (["numberlink", 100], ["4900"]),
        (["numberlink", "solve", "-", "--limit", 0], ["--limit"]),
        (["numberlink", "solve", "-", "--seed", 3], ["--seed", "generating"]),
        (["numberlink", 5, "--cols", 6, "--style", "flow"], ["--style flow", "--style header"]),
        (["cat", "simulate", "--games", 0], ["--games"]),
        (["cat", "simulate", "--games", 10, "--max-nodes", 0], ["--max-nodes"]),
        (["cat", "simulate", "--games", 10, "--policy", "tiger"], ["--policy"]),
        (["cat", "solve", "--board", "missing.txt"], ["missing.txt"]),
        (["cat", "solve", "--board", "-", "--seed", 3], ["--seed", "--board"]),
    ],
)
def test_errors_in_the_cli_words(tmp_path, args, words):
    # in a child process under --full; in the quick run in this one (the same main())
    proc = run_quick(*args, input="3 1\n1.1\n", cwd=tmp_path)
    line = assert_clean_error(proc, *words)
    for python_name in ["p must", "use to_image", "max_attempts", "this function accepts"]:
        assert python_name not in line, line


def test_generate_sizes_in_cli_words():
    line = assert_clean_error(run("numberlink", 100), "4900")
    assert "this function" not in line


def test_checks_run_before_the_work(tmp_path, monkeypatch):
    """An impossible picture is refused before carving (this would carve 64M cells first)."""
    from trapcore import cli
    from trapcore.maze import Maze

    def no_carving(*args, **kwargs):
        raise AssertionError("carved before the check")

    with monkeypatch.context() as m:  # counted, not timed: the check comes before any carving
        m.setattr(Maze, "carve", no_carving)
        assert cli.main(["maze", "8000", "8000", "10", "-o", str(tmp_path / "big.png")]) == 2
    proc = run("maze", 8000, 8000, 10, "-o", tmp_path / "big.png")
    assert_clean_error(proc, "picture")
    proc = run("cat", "simulate", "--games", 10, "--rows", 0)
    assert_clean_error(proc, "rows")
    assert proc.stdout == "", "the header was printed before the check"


def test_failed_write_keeps_the_old_picture(tmp_path):
    out = tmp_path / "m.png"
    assert run("maze", 4, 4, "-o", out, "--seed", 1).returncode == 0
    before = out.read_bytes()
    # a picture too large to save is refused before writing: the old file is untouched
    assert run("maze", 9000, 9000, 10, "-o", out).returncode == 2
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.png"]


def test_options_that_do_nothing_are_explained():
    proc = run("maze", 4, 4, 0, "--seed", 1)
    assert proc.returncode == 0 and "only change" in proc.stderr and "cell" in proc.stderr
    proc = run("maze", 4, 4, "--wall", 3, "--seed", 1)
    assert proc.returncode == 0 and "--wall" in proc.stderr
