"""The engine owns a run: it takes each summary through the named stages (engine.run.STAGES),
runs the rules on what the analysis found and applies the suppressions after all of them."""
from .options import Options
from .run import STAGES, RunReport, StageHook, analyse_summary, check_paths, check_summary

__all__ = ["Options", "STAGES", "RunReport", "StageHook", "analyse_summary", "check_paths",
           "check_summary"]
