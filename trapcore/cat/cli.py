"""``trapcore cat``: play Trap the Cat in the terminal (and the cat tools' subcommands)."""
from __future__ import annotations

import sys

from trapcore import cat as _cat
from trapcore import cat_tools


def add_parser(sub) -> None:
    p = sub.add_parser(
        "cat",
        help="play Trap the Cat in the terminal",
        description=(
            "Play Trap the Cat: type `row col` to block a cell; the cat then steps toward the "
            "border. Trap it before it reaches the edge. Commands: u = undo, h = hint (when "
            "available), q = quit. The board is drawn in even-r offset rows (even rows shifted "
            "half a cell to the right)."
        ),
    )
    p.add_argument("--rows", type=int, default=11, help="board rows (default 11)")
    p.add_argument("--cols", type=int, default=11, help="board columns (default 11)")
    p.add_argument("--blocked", type=int, default=15, help="cells blocked at the start (default 15)")
    p.add_argument("--cat", default="bfs", choices=sorted(_cat.POLICIES), help="the cat's policy")
    p.add_argument("--rules", default="enclosed", choices=sorted(_cat.RULES),
                   help="enclosed: win when the cat has no way out; surrounded: when it cannot move")
    p.add_argument("--seed", type=int, default=None, help="seed for the board and the cat")
    p.set_defaults(func=play)
    cat_tools.add_subcommands(p)  # trapcore cat simulate, trapcore cat solve


def _status_line(game) -> str:
    d = game.escape_distance()
    where = "enclosed" if d < 0 else f"{d} step{'s' * (d != 1)} from the edge"
    return f"move {game.moves}: cat at {game.cat}, {where}"


def play(args, stdin=None, out=None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    game = _cat.CatGame(args.rows, args.cols, args.blocked, cat=args.cat, rules=args.rules,
                        seed=args.seed)

    def say(text=""):
        print(text, file=out, flush=True)

    say(f"Trap the Cat, {game.rows}x{game.cols}, {args.cat} cat, {args.rules} rules. "
        "Type `row col` to block a cell, u to undo, h for a hint, q to quit.")
    while True:
        say()
        say(game.to_text())
        if game.status != "playing":
            break
        say(_status_line(game))
        out.write("block> ")
        out.flush()
        line = stdin.readline()
        if not line:  # end of input
            say()
            break
        words = line.replace(",", " ").split()
        if not words:
            continue
        if words[0] in ("q", "quit", "exit"):
            break
        if words[0] in ("u", "undo"):
            try:
                game.undo()
            except ValueError as exc:
                say(f"  {exc}")
            continue
        if words[0] in ("h", "hint"):
            if hasattr(game, "hint"):
                say(f"  hint: {game.hint()}")
            else:
                say("  no hints in this version")
            continue
        try:
            if len(words) != 2:
                raise ValueError("type two numbers: row col")
            game.block(int(words[0]), int(words[1]))
        except ValueError as exc:
            say(f"  {exc}")
    if game.status == "won":
        say(f"You trapped the cat in {game.moves} moves!")
    elif game.status == "lost":
        say(f"The cat escaped after {game.moves} moves.")
    return 0
