"""What ``print()`` and Jupyter show of a Maze, a Puzzle and a CatGame: text and SVG, bounded.

Each class's ``__str__`` and ``_repr_svg_`` / ``_repr_html_`` call these. Every picture is
bounded: past :data:`RICH_CELLS` cells a maze is shown by its top-left corner (with a caption
saying so), a puzzle or a board by its repr, so a notebook never receives megabytes of SVG;
past :data:`STR_CELLS` cells ``str()`` is the repr with the reason. The drawing is vectorised
(numpy, then one ``str.join``), as trapcore/ never loops over cells.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import numpy as np

from trapcore._palette import distinct_colors, hex_color, label_color

if TYPE_CHECKING:
    from trapcore.cat.game import CatGame
    from trapcore.maze.maze import Maze
    from trapcore.numberlink.puzzle import Puzzle

__all__ = [
    "RICH_CELLS",
    "STR_CELLS",
    "game_svg",
    "maze_corner",
    "maze_html",
    "maze_png",
    "maze_svg",
    "puzzle_svg",
    "text",
]

#: The most cells a rich (SVG/PNG) picture draws: 200 x 200, a few hundred kB of SVG.
RICH_CELLS = 40_000
#: The most cells ``str()`` draws as text (a 1000 x 1000 maze: about 4 MB of text).
STR_CELLS = 1_000_000
#: The corner of a larger maze that Jupyter shows, in cells a side.
CORNER = 100
#: Pixels a cell side in a rich picture is aimed at: the picture is about this wide.
_WIDTH = 600


def _cell(rows: int, cols: int, low: int = 6, high: int = 40) -> int:
    return max(low, min(high, _WIDTH // max(rows, cols, 1)))


def text(obj: Maze | Puzzle | CatGame, cells: int) -> str:
    """``obj.to_text()``, or its repr with why (past :data:`STR_CELLS`)."""
    if cells > STR_CELLS:
        return f"{obj!r} (too large to print: {cells} cells; more than {STR_CELLS})"
    return obj.to_text()


# -- Maze --------------------------------------------------------------------------------------
def maze_svg(maze: Maze) -> str | None:
    """The whole maze as SVG, or None past :data:`RICH_CELLS` (see :func:`maze_html`)."""
    rows, cols = maze.shape
    if rows * cols > RICH_CELLS:
        return None
    return maze.to_svg(scale=_cell(rows, cols, 4, 20))


def maze_png(maze: Maze) -> bytes | None:
    """The whole maze as PNG bytes, or None past :data:`RICH_CELLS` or without Pillow."""
    rows, cols = maze.shape
    if rows * cols > RICH_CELLS:
        return None
    try:
        image = maze.to_image(scale=max(4, min(20, _WIDTH // max(rows, cols))))
    except ImportError:
        return None
    import io

    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def maze_corner(maze: Maze, size: int = CORNER) -> Maze:
    """The top-left ``size`` x ``size`` cells of ``maze`` as a maze of their own (its outer
    wall closed along the cut; a corner of a perfect maze may fall in several pieces)."""
    from trapcore.maze.maze import Maze

    d = np.array(maze.doors[:size, :size])
    d[-1, :] |= 0b11  # the cut: the last row's doors down and the last column's doors right
    d[:, -1] |= 0b1100
    return Maze(d)


def maze_html(maze: Maze) -> str | None:
    """For a maze past :data:`RICH_CELLS` (no SVG), its top-left corner with a caption; None for
    smaller mazes (Jupyter then shows :func:`maze_svg`)."""
    rows, cols = maze.shape
    if rows * cols <= RICH_CELLS:
        return None
    corner = maze_corner(maze)
    svg = corner.to_svg(scale=_cell(*corner.shape, 4, 20))
    caption = (
        f"{html.escape(repr(maze))}: too large to draw whole ({rows * cols} cells); "
        f"its top-left {corner.rows} x {corner.cols} cells"
    )
    return f"<div><p><code>{caption}</code></p>{svg}</div>"


# -- Numberlink --------------------------------------------------------------------------------
def _font(cell: int, chars: np.ndarray) -> np.ndarray:
    """A font size per label that fits a disc of diameter 0.8 * cell (digits ~0.6 em wide)."""
    size: np.ndarray = np.maximum(6, np.minimum(0.55 * cell, 0.8 * cell / (0.62 * chars + 0.3)))
    return np.round(size, 1)


def puzzle_svg(puzzle: Puzzle) -> str | None:
    """The puzzle as SVG (grid lines, solids dark, each number's two endpoints a disc in its own
    colour with its label), or None past :data:`RICH_CELLS`."""
    from trapcore.numberlink.internal import symbols_for as _symbols_for

    rows, cols = puzzle.grid.shape
    if rows * cols > RICH_CELLS:
        return None
    cell = _cell(rows, cols, 12, 48)
    w, h = cols * cell + 1, rows * cell + 1
    grid = np.asarray(puzzle.grid)
    n = puzzle.numbers
    symbols = puzzle.symbols or (_symbols_for(n, "header") if n <= 61 else None)
    labels = [symbols[k] for k in range(n)] if symbols else [str(k + 1) for k in range(n)]
    fills = [hex_color(c) for c in distinct_colors(n)]
    inks = [hex_color(label_color(c)) for c in distinct_colors(n)]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="#ffffff"/>',
    ]
    sr, sc = np.nonzero(grid < 0)
    out += map(
        f'<rect x="{{}}" y="{{}}" width="{cell}" height="{cell}" fill="#282828"/>'.format,
        (sc * cell + 0.5).tolist(),
        (sr * cell + 0.5).tolist(),
    )
    lines = [f"M0.5 {r * cell + 0.5}h{cols * cell}" for r in range(rows + 1)]
    lines += [f"M{c * cell + 0.5} 0.5v{rows * cell}" for c in range(cols + 1)]
    out.append(f'<path d="{"".join(lines)}" stroke="#999999" stroke-width="1" fill="none"/>')
    er, ec = np.nonzero(grid > 0)
    k = grid[er, ec].astype(np.int64) - 1
    cx, cy = (ec * cell + cell / 2 + 0.5).tolist(), (er * cell + cell / 2 + 0.5).tolist()
    text_of = [html.escape(labels[i]) for i in k.tolist()]
    size = _font(cell, np.array([len(t) for t in text_of])).tolist()
    disc = (
        f'<circle cx="{{}}" cy="{{}}" r="{0.4 * cell:g}" fill="{{}}"/>'
        '<text x="{}" y="{}" font-size="{}" fill="{}" text-anchor="middle" '
        'dominant-baseline="central">{}</text>'
    ).format
    ks = k.tolist()
    out += map(
        disc,
        cx,
        cy,
        [fills[i] for i in ks],
        cx,
        cy,
        size,
        [inks[i] for i in ks],
        text_of,
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- Trap the Cat ------------------------------------------------------------------------------
def game_svg(game: CatGame) -> str | None:
    """The board as SVG hexes (discs in even-r rows: even rows shifted half a cell right),
    free light, blocked dark, the cat orange; None past :data:`RICH_CELLS`."""
    rows, cols = game.rows, game.cols
    if rows * cols > RICH_CELLS:
        return None
    d = _cell(rows, cols + 1, 8, 36)
    r = d / 2
    step = round(d * 0.88, 2)  # rows overlap as hexes do
    w, h = (cols + 0.5) * d + 2, (rows - 1) * step + d + 2
    board = np.asarray(game.board)
    rr, cc = np.indices(board.shape).reshape(2, -1)
    x = (cc * d + r + 1 + (rr % 2 == 0) * r).round(2).tolist()
    y = (rr * step + r + 1).round(2).tolist()
    colour = np.where(board.ravel() > 0, "#4a4a4a", "#dce9c3").tolist()
    cat = game.cat[0] * cols + game.cat[1]
    colour[cat] = "#f28e2b"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
        f'viewBox="0 0 {w:g} {h:g}">',
        f"<title>{html.escape(repr(game))}</title>",
    ]
    out += map(f'<circle cx="{{}}" cy="{{}}" r="{r * 0.92:g}" fill="{{}}"/>'.format, x, y, colour)
    out.append(
        f'<text x="{x[cat]}" y="{y[cat]}" font-size="{r:g}" font-family="sans-serif" '
        'text-anchor="middle" dominant-baseline="central" fill="#000000">C</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
