"""vsai.ai.lab: the tournament lab, where agents are measured against each other.

- `arena`: one match between agents (`run_series`), win rates with Wilson intervals;
- `suite`: benchmark suites, TOML files of games, agents and budgets played as seeded cells;
- `backends`: where a suite's games are played (this process, a process pool, Ray);
- `workers`: worker processes that never outlive their parent;
- `ratings` and `report`: the tables, ratings and plots of a suite's results.

The agents themselves live in `vsai.ai`; nothing in `vsai.ai` imports the lab.
"""
