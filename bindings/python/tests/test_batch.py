"""Batch layout on a Dask cluster (docs/batch.md): one independent justified layout per album,
laid out on a 2-worker LocalCluster through the Python package, each result equal to the same
layout made in this process."""

import os
import random

import pytest

distributed = pytest.importorskip("distributed", reason="tools/ensure-deps.sh installs dask.distributed")

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def albums(count, seed=29):
    """`count` albums of 1 to 80 photos, each a (width, height) from a camera's usual shapes."""
    rng = random.Random(seed)
    shapes = [(4000, 3000), (3000, 4000), (6000, 4000), (4000, 6000), (1080, 1920), (2048, 2048), (3840, 1644)]
    return [[rng.choice(shapes) for _ in range(rng.randint(1, 80))] for _ in range(count)]


def layout_album(sizes):
    """The album's frames as (x, y, w, h) tuples, and its height: justified rows 1024 wide."""
    from gridlayout import Grid
    with Grid(layout="justified", width=1024, height=768, row_height=240, spacing=4) as grid:
        grid.set_sizes(sizes)
        grid.reload()
        frames = [tuple(grid.frame(0, i)) for i in range(len(sizes))]
        return frames, grid.content_size().h


def test_two_thousand_albums_on_a_local_cluster_equal_the_in_process_layouts(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", PACKAGE_ROOT)  # the workers import the package in this tree
    work = albums(2000)
    from dask import bag
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        results = bag.from_sequence(work, npartitions=16).map(layout_album).compute()
        assert len(client.scheduler_info()["workers"]) == 2
    assert len(results) == 2000
    for sizes, result in zip(work, results):
        assert result == layout_album(sizes)
    assert sum(len(frames) for frames, _ in results) == sum(len(a) for a in work)


def test_a_bad_album_fails_its_task_with_the_packages_error(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", PACKAGE_ROOT)
    from dask import bag
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        with pytest.raises(Exception, match=r"has no aspect ratio"):
            bag.from_sequence([[(4, 3)], [(4, 3), (5, 0)]], npartitions=2).map(layout_album).compute()
