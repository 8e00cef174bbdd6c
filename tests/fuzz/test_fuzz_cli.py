"""Fuzz the `trapcore` command line (cat, maze, numberlink): any argv ends with status 0, 1 or 2
and at most a one-line error, never a traceback (run in the child process)."""

from fuzz.harness import check
from fuzz.strategies import EXAMPLES, fuzz_settings
from hypothesis import given, settings
from hypothesis import strategies as st

SMALL = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(
        [
            "0",
            "-1",
            "1e3",
            "nan",
            "",
            "x",
            "99999999999",
            "2.5",
            "-",
            "a.png",
            ".",
            "m",
            "/dev/zero",
            "all",
            "bfs",
            "left",
            "right",
            "flow",
            "header",
            "--",
            "\0",
        ]
    ),
)
FLAGS = {
    "maze": ["-o", "--solve", "--trace", "--seed", "--method", "--braid", "--wall"],
    "numberlink": [
        "--cols",
        "--seed",
        "--min-length",
        "--difficulty",
        "--solution",
        "--style",
        "--limit",
        "--no-fill",
        "--no-touch",
    ],
    "cat": ["--rows", "--cols", "--blocked", "--policy", "--rules", "--seed"],
    "cat simulate": [
        "--games",
        "--rows",
        "--cols",
        "--blocked",
        "--policy",
        "--player",
        "--rules",
        "--seed",
        "--workers",
        "--max-nodes",
        "--no-progress",
    ],
    "cat solve": [
        "--board",
        "--rows",
        "--cols",
        "--blocked",
        "--seed",
        "--cat",
        "--policy",
        "--max-nodes",
    ],
}


@st.composite
def argvs(draw):
    command = draw(st.sampled_from(sorted(FLAGS)))
    argv = command.split()
    if command == "maze":
        argv += draw(st.lists(SMALL, min_size=0, max_size=3))
    elif command == "numberlink":
        argv += [draw(st.one_of(SMALL, st.just("solve")))]
        argv += draw(st.lists(SMALL, max_size=1))
    for _ in range(draw(st.integers(0, 4))):
        argv.append(draw(st.sampled_from(FLAGS[command])))
        argv += draw(st.lists(SMALL, max_size=2))
    if command == "cat simulate" and "--games" not in argv:
        argv += ["--games", "20"]
    return argv


@settings(fuzz_settings, max_examples=max(20, EXAMPLES // 2))
@given(argvs(), st.sampled_from(["q\n", "", "3 1\n1.1\n", "\ufeffC . .\n", "0 0\nfoo\n?\nq\n"]))
def test_cli_never_prints_a_traceback(argv, stdin_text):
    check("cli_main", argv, stdin_text)
