"""Name tags placed clear of each other and of what stands on the table."""

from __future__ import annotations

import pytest

from desktop.table.tags import (
    BASE_WEIGHT,
    Obstacle,
    Rect,
    Tag,
    overlap,
    place_tags,
    spots_around,
)

SIZE = (4.0, 0.8)  # a plate 4" wide, 0.8" high


def _base(x: float, y: float, w: float = 4.0, d: float = 1.0) -> Rect:
    return (x - w / 2, y - d / 2, x + w / 2, y + d / 2)


def _unit_tag(key: str, body: Rect) -> Tag:
    return Tag(key, spots_around(body, SIZE))


def test_overlap_is_the_shared_area() -> None:
    assert overlap((0, 0, 2, 2), (1, 1, 3, 3)) == pytest.approx(1.0)
    assert overlap((0, 0, 1, 1), (1, 0, 2, 1)) == 0.0  # touching edges share nothing
    assert overlap((0, 0, 1, 1), (5, 5, 6, 6)) == 0.0


def test_spots_start_behind_the_base_then_beside_it() -> None:
    body = _base(10, 10)
    spots = spots_around(body, SIZE, gap=0.1)
    behind, right, left = spots[:3]
    assert behind == pytest.approx((8.0, 10.6, 12.0, 11.4))  # centred under the base
    assert right[0] == pytest.approx(12.1) and left[2] == pytest.approx(7.9)
    assert (right[1] + right[3]) / 2 == pytest.approx(10.0)  # level with the base's middle
    for s in spots:
        assert overlap(s, body) == 0.0  # no spot covers the thing it names


def test_behind_is_above_when_the_rear_points_up_the_table() -> None:
    body = _base(10, 10)
    behind = spots_around(body, SIZE, behind_below=False, gap=0.1)[0]
    assert behind[3] == pytest.approx(body[1] - 0.1)


def test_a_clear_tag_stays_behind_its_base() -> None:
    body = _base(10, 10)
    chosen = place_tags([_unit_tag("a", body)], [Obstacle(body, owner="a")], (0, 0, 48, 36))
    assert chosen == {"a": 0}


def test_a_covered_spot_gives_way_to_the_first_clear_one() -> None:
    # A second battalion right behind the first: the usual spot lies on it.
    front, rear = _base(10, 10), _base(10, 11.8)
    tag = _unit_tag("a", front)
    chosen = place_tags([tag], [Obstacle(front, owner="a"), Obstacle(rear, owner="b")])
    assert chosen == {"a": 1}  # beside it, on the right
    assert overlap(tag.spots[1], rear) == 0.0


def test_two_tags_wanting_one_spot_do_not_overlap() -> None:
    # Two officers side by side a little apart: their tags would collide below them.
    a_body, b_body = (9.5, 9.5, 10.5, 10.5), (11.5, 9.5, 12.5, 10.5)
    tags = [Tag("a", spots_around(a_body, SIZE)), Tag("b", spots_around(b_body, SIZE))]
    chosen = place_tags(tags, [Obstacle(a_body, owner="a"), Obstacle(b_body, owner="b")])
    ra, rb = tags[0].spots[chosen["a"]], tags[1].spots[chosen["b"]]
    assert overlap(ra, rb) == 0.0
    for r, other in ((ra, b_body), (rb, a_body)):
        assert overlap(r, other) == 0.0


def test_a_tag_keeps_on_the_table() -> None:
    body = _base(2.5, 34.9, w=3, d=0.5)  # on the bottom edge, against the left edge
    tag = _unit_tag("a", body)
    table = (0.0, 0.0, 48.0, 36.0)
    chosen = place_tags([tag], [Obstacle(body, owner="a")], table)
    spot = tag.spots[chosen["a"]]
    assert overlap(spot, table) == pytest.approx(SIZE[0] * SIZE[1])


def test_fixed_tags_count_and_do_not_move() -> None:
    body = _base(10, 10)
    tag = _unit_tag("a", body)
    standing = tag.spots[0]  # another unit's tag already stands there
    chosen = place_tags([tag], [Obstacle(body, owner="a")], fixed={"b": standing})
    assert "b" not in chosen and chosen["a"] != 0


def test_when_nothing_is_clear_the_least_covered_spot_wins() -> None:
    # Four spots apart from each other, every one partly covered, the third least.
    spots = tuple((10.0 * i, 0.0, 10.0 * i + 4.0, 0.8) for i in range(4))
    tag = Tag("a", spots)
    obstacles = [Obstacle((s[0], s[1], s[0] + 4.0 * (0.05 if i == 2 else 0.6), s[3]))
                 for i, s in enumerate(spots)]
    assert place_tags([tag], obstacles)["a"] == 2


def test_a_column_of_battalions_has_every_name_clear() -> None:
    # Four battalions in column, nose to tail: every usual spot is on the next base.
    bodies = [_base(20, 10 + 1.5 * i, w=3, d=1.2) for i in range(4)]
    tags = [Tag(f"u{i}", spots_around(b, (3.5, 0.8))) for i, b in enumerate(bodies)]
    obstacles = [Obstacle(b, owner=f"u{i}") for i, b in enumerate(bodies)]
    chosen = place_tags(tags, obstacles, (0, 0, 48, 36))
    placed = [t.spots[chosen[t.key]] for t in tags]
    for i, r in enumerate(placed):
        assert all(overlap(r, b) == 0.0 for b in bodies)
        assert all(overlap(r, o) == 0.0 for j, o in enumerate(placed) if j != i)


def test_obstacle_weights_rank_what_may_be_covered() -> None:
    behind, right = (8.0, 10.6, 12.0, 11.4), (12.1, 9.6, 16.1, 10.4)
    tag = Tag("a", (behind, right))
    title = Obstacle(behind, weight=0.1)  # a faint zone title behind the base ...
    base = Obstacle(right, weight=BASE_WEIGHT)  # ... another base beside it
    assert place_tags([tag], [title, base])["a"] == 0  # the title is covered, not the base
    assert place_tags([tag], [Obstacle(behind), Obstacle(right, weight=0.1)])["a"] == 1


def test_every_spot_stays_in_the_row_or_column_of_its_base() -> None:
    """Issue 34: names stay beside their own bases, never wandering to another's."""
    body = _base(10, 10, w=3, d=1.2)
    for behind_below in (True, False):
        for s in spots_around(body, (9.0, 0.8), behind_below=behind_below):
            shares_row = s[0] < body[2] and s[2] > body[0]
            shares_column = s[1] < body[3] and s[3] > body[1]
            assert shares_row or shares_column, s
            assert overlap(s, body) == 0.0

