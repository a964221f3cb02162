import copy

import sevenn._const as _const
import sevenn._keys as KEY
from sevenn.model_build import build_E3_equivariant_model
from sevenn.util import chemical_species_preprocess

config = copy.deepcopy(_const.DEFAULT_E3_EQUIVARIANT_MODEL_CONFIG)
config.update(chemical_species_preprocess(["Si", "O", "H"]))
config.update(
    {
        KEY.NUM_CONVOLUTION: 3,
        KEY.NODE_FEATURE_MULTIPLICITY: 24,
        KEY.READOUT_AS_FCN: True,
        KEY.READOUT_FCN_HIDDEN_NEURONS: [48, 16],
        KEY.TRAIN_SHIFT_SCALE: True,
        KEY.TRAIN_DENOMINTAOR: True,
        KEY.SHIFT: [0.1, -0.2, 0.3],
        KEY.SCALE: [1.0, 1.1, 0.9],
        KEY.CONV_DENOMINATOR: 9.0,
    }
)
model = build_E3_equivariant_model(config)
