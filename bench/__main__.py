"""``python -m bench``: run the benchmark suite and print the report.

``python -m bench simulate [--quick]`` runs only the simulator's benchmarks
(`bench.bench_simulate`), ``python -m bench edge`` only the banker's-edge table
(`bench.bench_edge`), ``python -m bench widgets`` only the widgets' click latency
(`bench.bench_widgets`), ``python -m bench solver`` the exact engine's targets against the
Monte Carlo baseline (`bench.bench_solver`), ``python -m bench memory`` the memory of 20
solved rule sets (`bench.bench_memory`), ``python -m bench casino`` the casino games solved cold
(`bench.bench_casino`), ``python -m bench paths`` the refined tables of random decks along two
paths of the LP (`bench.bench_paths`), ``python -m bench thinned`` a thinned deck's values for one
decision (`bench.bench_thinned`), ``python -m bench results`` the full results of
unshipped rule sets (`bench.bench_results`); otherwise all follow the suite.
``python -m bench classroom`` runs thirty simulated students against ``settemezzo classroom``
(`bench.bench_classroom`); ``python -m bench classroom-voila`` measures Voilà's memory per
visitor of the classroom notebook (`bench.bench_classroom_voila`). ``python -m bench cli``
times two light commands as whole processes against 0.35 s (`bench.bench_cli`).
"""

from __future__ import annotations

import sys

from bench.suite import main

if __name__ == "__main__":
    if sys.argv[1:2] == ["edge"]:
        from bench.bench_edge import main as edge_main

        sys.exit(edge_main(sys.argv[2:]))
    if sys.argv[1:2] == ["widgets"]:
        from bench.bench_widgets import main as widgets_main

        sys.exit(widgets_main(sys.argv[2:]))
    if sys.argv[1:2] == ["memory"]:
        from bench.bench_memory import main as memory_main

        sys.exit(memory_main(sys.argv[2:]))
    if sys.argv[1:2] == ["classroom-voila"]:
        from bench.bench_classroom_voila import main as voila_main

        sys.exit(voila_main(sys.argv[2:]))
    if sys.argv[1:2] == ["classroom"]:
        from bench.bench_classroom import main as classroom_main

        sys.exit(classroom_main(sys.argv[2:]))
    if sys.argv[1:2] == ["solver"]:
        from bench.bench_solver import main as solver_main

        sys.exit(solver_main(sys.argv[2:]))
    if sys.argv[1:2] == ["cli"]:
        from bench.bench_cli import main as cli_main

        sys.exit(cli_main(sys.argv[2:]))
    if sys.argv[1:2] == ["casino"]:
        from bench.bench_casino import main as casino_main

        sys.exit(casino_main(sys.argv[2:]))
    if sys.argv[1:2] == ["results"]:
        from bench.bench_results import main as results_main

        sys.exit(results_main(sys.argv[2:]))
    if sys.argv[1:2] == ["paths"]:
        from bench.bench_paths import main as paths_main
        sys.exit(paths_main(sys.argv[2:]))
    if sys.argv[1:2] == ["thinned"]:
        from bench.bench_thinned import main as thinned_main

        sys.exit(thinned_main(sys.argv[2:]))
    if sys.argv[1:2] == ["simulate"]:
        from bench.bench_simulate import main as simulate_main

        sys.exit(simulate_main(sys.argv[2:]))
    code = main()
    from bench.bench_cli import main as cli_main
    from bench.bench_edge import main as edge_main
    from bench.bench_memory import main as memory_main
    from bench.bench_simulate import main as simulate_main
    from bench.bench_widgets import main as widgets_main

    sys.exit(max(code, simulate_main([]), edge_main([]), widgets_main([]), memory_main([]),
                 cli_main([])))
