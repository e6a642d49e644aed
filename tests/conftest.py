"""Settings every test shares.

Hypothesis runs under one profile: no per-example deadline and no "input generation is
slow" health check, since CI and the team share loaded machines where a generator that is
fast when idle can be slowed tenfold. What the tests assert is behaviour, never time
(speed is measured in ``scripts/bench``). Examples are derandomized: every run, on every
machine, tries the same inputs, so a failure found once is found again.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "shared-machines",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile("shared-machines")
