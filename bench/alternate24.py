"""One of Korf and Felner's 24-puzzle instances, slidedb and the peer
(clausecker/24puzzle's cmd/pdbsearch, one thread) in turn, round after
round, each side first in every other round: the medians of each, for an
instance where the two are close and a single run cannot say which is
faster (BENCHMARKS.md, the thirty-fifth session, #38).

  python3 bench/alternate24.py NUMBER ROUNDS QUERY DB PEER_DIR PEER_PDBS [FSM]

QUERY is a slidedb-query binary, DB a 5x5 database (--pdb strong), FSM
the peer's move automaton (-m), as bench/suites/24.sh says. Each answer
of slidedb is a fresh process on 2 threads with the state on the command
line, timed wall; the peer's time is the one it reports for the instance.
"""
import json
import statistics
import subprocess
import sys
import time

from korf24 import GOAL, instances, legal_path, peer_args, peer_pdbsearch


def main(argv):
    if len(argv) not in (7, 8):
        sys.exit(__doc__)
    number, rounds, query, db, peer_dir, peer_pdbs = argv[1:7]
    fsm = argv[7] if len(argv) == 8 else None
    rows = [r for r in instances() if r[0] == number]
    if not rows:
        sys.exit("no instance %s in bench/korf24.txt" % number)
    _, length, _, state = rows[0]
    args = peer_args(peer_dir, peer_pdbs, fsm)
    ours, peer = [], []
    for r in range(int(rounds)):
        for side in ("slidedb", "peer") if r % 2 == 0 else ("peer", "slidedb"):
            if side == "slidedb":
                t0 = time.perf_counter()
                out = subprocess.run(
                    [query, "--db", db, "--board", "5x5", "--goal", GOAL,
                     "--threads", "2", "--format", "json", state],
                    capture_output=True, text=True, check=True).stdout
                ours.append(time.perf_counter() - t0)
                if not legal_path(state, json.loads(out)["moves"], int(length)):
                    sys.exit("slidedb's path is not of the published length")
            else:
                _, [(seconds, moves)] = peer_pdbsearch(peer_dir, args, [state])
                if moves != int(length):
                    sys.exit("the peer's path is not of the published length")
                peer.append(seconds)
        print("round %d: slidedb %.2f s, peer %.2f s" % (r + 1, ours[-1],
                                                         peer[-1]), flush=True)
    us, them = statistics.median(ours), statistics.median(peer)
    print("#%s, medians of %s rounds: slidedb %.2f s, peer %.2f s (peer / "
          "slidedb %.2f)" % (number, rounds, us, them, them / us))


if __name__ == "__main__":
    main(sys.argv)
