import copy

import sevenn._const as _const
import sevenn._keys as KEY
from sevenn.model_build import build_E3_equivariant_model
from sevenn.util import chemical_species_preprocess

config = copy.deepcopy(_const.DEFAULT_E3_EQUIVARIANT_MODEL_CONFIG)
config.update(chemical_species_preprocess(["Li", "P", "S", "Cl"]))
config.update(
    {
        KEY.NUM_CONVOLUTION: 2,
        KEY.NODE_FEATURE_MULTIPLICITY: 16,
        KEY.LMAX: 2,
        KEY.SELF_CONNECTION_TYPE: ["linear", "nequip"],
        KEY.CONVOLUTION_WEIGHT_NN_HIDDEN_NEURONS: [32, 32],
        KEY.SHIFT: -3.2,
        KEY.SCALE: 1.5,
        KEY.CONV_DENOMINATOR: 18.5,
    }
)
model = build_E3_equivariant_model(config)
