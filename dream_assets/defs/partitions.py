"""One dynamic partition per agent directory under DREAM_AGENTS_ROOT."""

import dagster as dg

agents_partitions = dg.DynamicPartitionsDefinition(name="agents")
