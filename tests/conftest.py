"""Hypothesis profiles: ``dev`` (fast, the default) and ``ci`` (thorough, chosen by nox when CI is set)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
settings.register_profile(
    "ci",
    max_examples=400,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    print_blob=True,
)
settings.load_profile("dev")


def scaled(fraction: int) -> settings:
    """Settings for an expensive test: 1/fraction of the active profile's examples (at least 10)."""
    return settings(max_examples=max(10, settings().max_examples // fraction))
