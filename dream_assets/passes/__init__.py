"""One module or package per pass: takes a volume, options and a clock reading (a pass that may
ask the model: one ``call.PassCall``, which adds the model or none, the run id and the bounds);
returns a ``PassReport``. No Dagster import in this package."""
