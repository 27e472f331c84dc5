"""The engine owns a run: it takes each summary through the named stages (engine.run.STAGES),
runs the rules on what the analysis found and applies the suppressions after all of them."""
from .options import Options
from .run import (STAGES, RunReport, StageHook, SummaryJob, SummaryOutcome, analyse_summary,
                  check_job, check_paths, check_summary, collect)

__all__ = ["Options", "STAGES", "RunReport", "StageHook", "SummaryJob", "SummaryOutcome",
           "analyse_summary", "check_job", "check_paths", "check_summary", "collect"]
