"""The table model's per-Survivor numbers, fitted to the Limited Horde 2.1 playtest table.

Written by ``scripts/fit_table_model.py`` (do not edit by hand: run the script). See
:mod:`pyengine.simulate` for what each number means and
:mod:`sitebuild.table_fit` for how they were chosen.
"""

from typing import Any

PER_SURVIVOR = {'damage': 18.0, 'removal': 3.0, 'blocks': 6.0, 'ramp': 32.0}
FIT: dict[str, Any] = {'base': {'blocks': 2.0, 'damage': 6.0, 'removal': 1.0},
 'error_points': 9.29,
 'games': 120,
 'grid_points': 25,
 'kills': 0.5,
 'length': 10.82,
 'per_deck': {'easy': {'limited-horde-eldrazi-vanguard': 0.917,
                       'limited-horde-goblins': 0.6,
                       'limited-horde-zombies': 0.542},
              'hard': {'limited-horde-eldrazi-vanguard': 0.642,
                       'limited-horde-goblins': 0.175,
                       'limited-horde-zombies': 0.133},
              'nightmare': {'limited-horde-eldrazi-vanguard': 0.458,
                            'limited-horde-goblins': 0.05,
                            'limited-horde-zombies': 0.058},
              'normal': {'limited-horde-eldrazi-vanguard': 0.8,
                         'limited-horde-goblins': 0.342,
                         'limited-horde-zombies': 0.267},
              'story': {'limited-horde-eldrazi-vanguard': 0.95,
                        'limited-horde-goblins': 0.692,
                        'limited-horde-zombies': 0.758}},
 'seed': 'table-fit',
 'strength': 3.0,
 'targets': {'easy': 0.7, 'hard': 0.3, 'nightmare': 0.05, 'normal': 0.5, 'story': 0.95},
 'won': {'easy': 0.686, 'hard': 0.317, 'nightmare': 0.189, 'normal': 0.469, 'story': 0.8}}
