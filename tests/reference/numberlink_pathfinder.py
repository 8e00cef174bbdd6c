"""Pure-Python twin of ``trapcore.numberlink._route`` (src/numberlink/route.pyx): negotiated
congestion routing (PathFinder) of a board without fill, step for step: the same prices, the same
round order (each round starting one path further on), Dijkstra with the same (cost, node) tie
order (heapq pops the smallest pair, as the kernel's heap does), the same float arithmetic.
Shares nothing with trapcore."""

from __future__ import annotations

import heapq

import numpy as np

FOUND, NOT_FOUND, NO_ROUTE = 1, 0, -1


def route_paths(values, neighbours, rounds: int):
    """(labelling or None, rounds run, status), as the kernel's ``route_paths`` (when the rounds
    run out, the last round's labelling with -2 on the shared nodes)."""
    values = [int(v) for v in values]
    nbr = [[int(w) for w in row] for row in np.asarray(neighbours)]
    n = len(values)
    K = max(values, default=0)
    ends: dict[int, list[int]] = {}
    for v, k in enumerate(values):
        if k > 0:
            ends.setdefault(k, []).append(v)
    occ = [0] * n
    hist = [0.0] * n
    paths: dict[int, list[int]] = {k: [] for k in ends}
    pressure, growth, max_pressure, hist_step = 0.5, 1.2, 100.0, 0.5
    done = 0
    for it in range(rounds):
        done = it + 1
        for i in range(K):
            k = 1 + (i + it) % K  # each round starts one path further on
            if k not in ends:
                continue
            for u in paths[k]:
                occ[u] -= 1
            s, t = ends[k]
            dist = [-1.0] * n
            prev = [-1] * n
            dist[s] = 0.0
            heap = [(0.0, s)]
            while heap:
                c, u = heapq.heappop(heap)
                if c > dist[u]:
                    continue
                if u == t:
                    break
                for w in nbr[u]:
                    if w < 0:
                        break
                    if w == t:
                        nc = c + 1.0
                    elif values[w] != 0:
                        continue
                    else:
                        nc = c + (1.0 + hist[w]) * (1.0 + pressure * occ[w])
                    if dist[w] < 0.0 or nc < dist[w]:
                        dist[w] = nc
                        prev[w] = u
                        heapq.heappush(heap, (nc, w))
            if dist[t] < 0.0:
                return None, done, NO_ROUTE
            path = []
            u = prev[t]
            while u != s:
                path.append(u)
                occ[u] += 1
                u = prev[u]
            paths[k] = path
        shared = 0
        for v in range(n):
            if occ[v] > 1:
                shared += 1
                hist[v] += hist_step * (occ[v] - 1)
        if shared == 0:
            out = np.array(values, np.int16)
            for k, path in paths.items():
                out[path] = k
            return out, done, FOUND
        if pressure < max_pressure:
            pressure *= growth
    out = np.array(values, np.int16)  # the last round's labelling, shared nodes -2
    for k, path in paths.items():
        for u in path:
            out[u] = k if occ[u] == 1 else -2
    return out, done, NOT_FOUND
