import copy

import sevenn._const as _const
import sevenn._keys as KEY
from sevenn.model_build import build_E3_equivariant_model
from sevenn.util import chemical_species_preprocess

config = copy.deepcopy(_const.DEFAULT_E3_EQUIVARIANT_MODEL_CONFIG)
config.update(chemical_species_preprocess(["Hf", "O"]))
config[KEY.SHIFT] = 0.0
config[KEY.SCALE] = 1.0
config[KEY.CONV_DENOMINATOR] = 12.0
model = build_E3_equivariant_model(config)
