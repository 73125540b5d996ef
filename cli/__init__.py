"""vsai.cli: the `vsai` command line (play, arena, list, rules, bench, replay), click + rich."""
