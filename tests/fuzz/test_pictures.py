"""print() and Jupyter show a Maze, a Puzzle and a CatGame as pictures, bounded in size
(issue 30, item 4)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from trapcore import _pictures
from trapcore._palette import contrast, distinct_colors, lab, label_color

SVG = "{http://www.w3.org/2000/svg}"


def test_str_is_the_picture():
    m = tc.Maze.carve(4, 6, seed=1)
    assert str(m) == m.to_text() and "+---+" in str(m)
    p = tc.numberlink.generate(6, seed=2)
    assert str(p) == p.to_text()
    g = tc.CatGame(7, 7, 5, seed=3)
    assert str(g) == g.to_text() and "C" in str(g)
    assert f"{m}" == str(m) and repr(m).startswith("<Maze")  # repr stays the short one


@pytest.mark.parametrize("shape", [(1, 1), (3, 7), (200, 200)])
def test_maze_svg_is_whole_up_to_the_bound(shape):
    m = tc.Maze.carve(*shape, seed=0)
    svg = m._repr_svg_()
    assert svg is not None and m._repr_html_() is None
    root = ET.fromstring(svg)
    assert float(root.get("width")) <= 20 * shape[1] + 2


def test_a_large_maze_shows_its_corner_bounded():
    m = tc.Maze.carve(300, 401, seed=0)
    assert m._repr_svg_() is None and m._repr_png_() is None
    html = m._repr_html_()
    assert html is not None and len(html) < 400_000
    assert "300x401" in html and "top-left 100 x 100" in html
    svg = html[html.index("<svg") : html.index("</svg>") + 6]
    ET.fromstring(svg)
    corner = _pictures.maze_corner(m)
    assert corner.shape == (100, 100)
    np.testing.assert_array_equal(corner.doors[:-1, :-1], m.doors[:99, :99])


def test_str_of_a_huge_maze_is_its_repr():
    m = tc.Maze.carve(1001, 1000, seed=0)
    text = str(m)
    assert text.startswith("<Maze 1001x1000") and "too large" in text


def _labels(svg: str):
    root = ET.fromstring(svg)
    return root.findall(f"{SVG}text"), root.findall(f"{SVG}circle")


def test_puzzle_svg_labels_fit_their_discs_and_read_well():
    # 45 pairs on a 15 x 15 board, labelled 1..45 (two digits)
    grid = np.zeros((15, 15), np.int16)
    k = np.arange(1, 46)
    cells = np.arange(90)
    grid.ravel()[cells[::2] * 2 % 225] = k
    grid.ravel()[(cells[::2] * 2 + 1) % 225] = k
    p = tc.numberlink.Puzzle(grid)
    texts, circles = _labels(p._repr_svg_())
    assert len(texts) == len(circles) == 90
    for t, c in zip(texts, circles):
        radius = float(c.get("r"))
        size = float(t.get("font-size"))
        assert 0.62 * size * len(t.text) <= 1.65 * radius, (t.text, size, radius)
        fill = tuple(int(c.get("fill")[i : i + 2], 16) for i in (1, 3, 5))
        ink = tuple(int(t.get("fill")[i : i + 2], 16) for i in (1, 3, 5))
        assert contrast(fill, ink) >= 4.5


def test_game_svg_has_every_cell():
    g = tc.CatGame(9, 11, 10, seed=4)
    root = ET.fromstring(g._repr_svg_())
    circles = root.findall(f"{SVG}circle")
    assert len(circles) == 99
    fills = [c.get("fill") for c in circles]
    assert fills.count("#4a4a4a") == int(np.asarray(g.board).sum())
    assert fills.count("#f28e2b") == 1


def test_rich_reprs_are_bounded():
    big = tc.numberlink.Puzzle(np.zeros((250, 200), np.int16), fill=False)
    assert big._repr_svg_() is None
    g = tc.CatGame(11, 11, 15, seed=1)
    assert len(g._repr_svg_()) < 50_000


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 90))
def test_palette_neighbours_are_distinct_and_labels_legible(n):
    colours = distinct_colors(n)
    assert len(set(colours)) == n and colours == distinct_colors(n + 1)[:n]
    pts = lab(np.array(colours))
    d = np.linalg.norm(pts[:, None] - pts[None], axis=-1)
    np.fill_diagonal(d, np.inf)
    assert d.min() >= (20 if n <= 60 else 12)
    for c in colours:
        assert contrast(c, label_color(c)) >= 4.5
        assert re.fullmatch(r"#[0-9a-f]{6}", "#{:02x}{:02x}{:02x}".format(*c))
