"""Signatures of the compiled module trapcore.cat._codes (made by tools/make_stubs.py)."""

import enum

class Model(enum.IntEnum):
    MODEL_OPTIMAL = 0
    MODEL_BFS = 1
    MODEL_RAYS = 2

class Player(enum.IntEnum):
    PLAYER_RANDOM = 0
    PLAYER_GREEDY = 1
    PLAYER_LOOKAHEAD = 2
    PLAYER_SOLVER = 3

class Policy(enum.IntEnum):
    POLICY_BFS = 0
    POLICY_RAYS = 1
    POLICY_SMART = 2

class Result(enum.IntEnum):
    RES_UNKNOWN = 0
    RES_WIN = 1
    RES_LOSS = 2

class Rules(enum.IntEnum):
    RULES_ENCLOSED = 0
    RULES_SURROUNDED = 1

class SolveMethod(enum.IntEnum):
    METHOD_AUTO = 0
    METHOD_ID = 1
    METHOD_PNS = 2
