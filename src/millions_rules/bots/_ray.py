"""The simulator's games as Ray tasks: ``simulate --ray [ADDRESS]`` (the ``[ray]`` extra).

Each game is one task running the same module-level function the process pool runs, with
the same plain-data arguments; the results are gathered in game order, so a run's output
is byte for byte the one of ``--jobs 1``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from .._common.errors import ConfigError

__all__ = ["LOCAL", "LOCAL_CPUS", "map_on_ray"]

Task = TypeVar("Task")

#: The ``address`` that starts a Ray on this machine for the run (and stops it after).
LOCAL: Final = "local"

#: The CPUs a Ray started for the run may use.
LOCAL_CPUS: Final = 2


def map_on_ray(
    play: Callable[[Task], dict[str, Any]],
    tasks: Sequence[Task],
    address: str,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """``play`` over ``tasks`` as Ray tasks; the results in task order.

    ``address`` is :data:`LOCAL` (a Ray started here with :data:`LOCAL_CPUS` CPUs) or the
    address of a running cluster (``"auto"``, ``"ray://head:10001"``...), which the run
    joins and leaves running. A Ray already initialised in this process is used as it is.

    Raises:
        ConfigError: If Ray is not installed.
    """
    try:
        import ray
    except ImportError:
        raise ConfigError('--ray needs Ray: pip install "millions-rules[ray]"') from None
    started = not ray.is_initialized()
    if started:
        if address == LOCAL:
            ray.init(
                num_cpus=LOCAL_CPUS,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    try:
        remote = ray.remote(play)
        refs = [remote.remote(task) for task in tasks]
        results: list[dict[str, Any]] = []
        for ref in refs:  # in task order: the run does not depend on which task ends first
            results.append(ray.get(ref))
            if progress:
                progress(len(results))
        return results
    finally:
        if started:
            ray.shutdown()
