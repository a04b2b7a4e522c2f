"""Automation: the documents sensor (`sensors`, over `scan`) and the recompile schedules
(`schedules`). Both are factories handed the jobs they request."""
