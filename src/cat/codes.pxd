# The codes the cat kernels share with the Python layer, each defined once as a cpdef enum: the
# module of the same name (src/cat/codes.pyx, trapcore.cat._codes) exports it to Python as an
# IntEnum, and trapcore/cat/ derives its names from it (a member's name without its prefix, in
# lower case, in this order: Policy gives POLICIES = ("bfs", "rays", "smart")). Kernels cimport
# the members by that module's name: `from trapcore.cat._codes cimport POLICY_SMART, Policy`.
# A new member here is a new accepted name there; the values are the kernels' codes.

cpdef enum Policy:
    # how the cat moves (policy=; trapcore.cat.POLICIES)
    POLICY_BFS = 0
    POLICY_RAYS = 1
    POLICY_SMART = 2

cpdef enum Rules:
    # when the player wins (rules=; trapcore.cat.RULES)
    RULES_ENCLOSED = 0
    RULES_SURROUNDED = 1

cpdef enum Player:
    # how the player blocks (player=; trapcore.cat.PLAYERS)
    PLAYER_RANDOM = 0
    PLAYER_GREEDY = 1
    PLAYER_LOOKAHEAD = 2
    PLAYER_SOLVER = 3

cpdef enum Model:
    # the cat the solver plays against (solve(policy=); trapcore.cat.SOLVE_POLICIES)
    MODEL_OPTIMAL = 0
    MODEL_BFS = 1
    MODEL_RAYS = 2

cpdef enum SolveMethod:
    # the solver's search method (solve(method=); trapcore.cat.SOLVE_METHODS)
    METHOD_AUTO = 0
    METHOD_ID = 1
    METHOD_PNS = 2

cpdef enum Result:
    # a search's result: trapcore.cat.Verdict's member of the same name without RES_
    RES_UNKNOWN = 0
    RES_WIN = 1
    RES_LOSS = 2
