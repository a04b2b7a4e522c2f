"""The recompile schedules' crons: defaults, Dagster's validity rule, the forced one's offset.

`recompile_schedule` (what is stale) runs nightly at 03:00 by default and
`force_recompile_schedule` (everything) an hour after it, so the two never fire at the same
minute: both request `recompile_documents` runs over the same documents, and the forced one
would recompile what the other has just brought up to date while both compete for the
machine. Each cron can be set on its own (`VECTORLESS_RECOMPILE_CRON`,
`VECTORLESS_FORCE_RECOMPILE_CRON`; a Component's `schedule.cron` and `schedule.force_cron`);
an unset forced cron follows the other one by an hour (`force_cron_after`).
"""

from __future__ import annotations

from dagster._utils.schedules import is_valid_cron_string  # Dagster's own cron rule

#: `recompile_schedule`'s default cron: nightly at 03:00
DEFAULT_CRON = "0 3 * * *"
#: `force_recompile_schedule`'s cron when neither the other one's hour nor its minute is one
#: number
DEFAULT_FORCE_CRON = "0 4 * * *"


def check_cron(cron: str, field: str = "schedule.cron") -> str:
    """`cron` if Dagster accepts it as a schedule's cron string, else a one-line `ValueError`
    naming `field` (an attribute or a variable)."""
    if not is_valid_cron_string(cron):
        raise ValueError(
            f"{field}: {cron!r} is not a valid cron string (five fields, e.g. '0 3 * * *')"
        )
    return cron


def force_cron_after(cron: str) -> str:
    """The forced recompile's default cron, never firing at `cron`'s minutes: an hour later when
    the hour is one number (`0 3 * * *` -> `0 4 * * *`, `30 23 * * 1` -> `30 0 * * 1`), else
    half an hour later when the minute is one number (`0 */6 * * *` -> `30 */6 * * *`), else
    `DEFAULT_FORCE_CRON`."""
    fields = cron.split()
    if len(fields) == 5 and fields[1].isdigit() and int(fields[1]) < 24:
        fields[1] = str((int(fields[1]) + 1) % 24)
        return " ".join(fields)
    if len(fields) == 5 and fields[0].isdigit() and int(fields[0]) < 60:
        fields[0] = str((int(fields[0]) + 30) % 60)
        return " ".join(fields)
    return DEFAULT_FORCE_CRON
