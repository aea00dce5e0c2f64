"""Benchmark: laying out every name tag again after a zoom, on a 1,000-unit table.

A zoom that changes the tags' scale (a big table fitted to the window draws
them grown) makes every unit's and officer's name look again for its
clearest spot (`TableScene.set_tag_scale`, desktop/ui/table/tag_layout.py,
desktop/table/tags.py).  This builds the scene of
`desktop.scenario.generate.large_scenario()` (1,000 units, 300 features),
then times `set_tag_scale` going back and forth between 1.0 (zoomed in) and
1.7 (the table seen whole), in CPU seconds, and splits one relayout at 1.7
into its parts: making each tag's spots, gathering the obstacles, and the
placement itself (`place_tags`).

Run: .venv/bin/python tests/benchmarks/bench_tags.py [--quick]
No target: the relayout runs once after a zoom stops.  Prints numbers;
never fails on time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")


def cpu(fn: object) -> float:
    t0 = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="one back-and-forth, 200 units (CI)")
    ap.add_argument("--units", type=int, default=1000)
    ap.add_argument("--features", type=int, default=300)
    ap.add_argument("--reps", type=int, default=3, help="back-and-forth zooms to time")
    args = ap.parse_args()
    units, reps = (200, 1) if args.quick else (args.units, args.reps)

    from desktop.scenario.generate import large_scenario
    from desktop.table import tags as T
    from desktop.ui.app import application
    from desktop.ui.table.scene import TableScene
    from desktop.ui.table.tag_layout import _marker_obstacles, layout_tags

    application()
    scenario = large_scenario(units, args.features, ruleset="d3")
    scene = TableScene()
    build = cpu(lambda: scene.set_scenario(scenario))
    grown, back = [], []
    for _ in range(reps):
        grown.append(cpu(lambda: scene.set_tag_scale(1.7)))
        back.append(cpu(lambda: scene.set_tag_scale(1.0)))
    scene.set_tag_scale(1.7)
    tagged = [*scene.officers.values(), *scene.units.values()]
    spots = cpu(lambda: [t.tag_spots() for t in tagged])
    obstacles = cpu(lambda: ([T.Obstacle(t.body_rect(), t.body_weight, t.tag_key)
                              for t in tagged] + list(_marker_obstacles(scene))))
    tags = [T.Tag(t.tag_key, t.tag_spots()) for t in tagged]
    obs = [T.Obstacle(t.body_rect(), t.body_weight, t.tag_key) for t in tagged]
    obs += list(_marker_obstacles(scene))
    table = scene.table_rect()
    rect = (table.left(), table.top(), table.right(), table.bottom())
    placing = cpu(lambda: T.place_tags(tags, obs, rect))
    whole = cpu(lambda: layout_tags(scene))  # type: ignore[arg-type]  # a TagScene
    n_spots = sum(len(t.spots) for t in tags)
    print(f"scenario: {units} units, {len(scene.officers)} officers, {args.features} "
          f"features; {len(tags)} tags, {n_spots} spots; {reps} zooms out and back")
    print(f"build the scene          : {build:6.2f} s CPU")
    print(f"zoom out (tags at 1.7)   : median {statistics.median(grown):5.2f} s CPU "
          f"(min {min(grown):.2f})")
    print(f"zoom back (tags at 1.0)  : median {statistics.median(back):5.2f} s CPU "
          f"(min {min(back):.2f})")
    print(f"one layout at 1.7        : {whole:6.2f} s CPU, of which")
    print(f"  the tags' spots        : {spots:6.2f} s")
    print(f"  the obstacles          : {obstacles:6.2f} s")
    print(f"  place_tags             : {placing:6.2f} s")


if __name__ == "__main__":
    main()
