import copy

import sevenn._const as _const
import sevenn._keys as KEY
from sevenn.model_build import build_E3_equivariant_model
from sevenn.util import chemical_species_preprocess

config = copy.deepcopy(_const.DEFAULT_E3_EQUIVARIANT_MODEL_CONFIG)
config.update(chemical_species_preprocess(["C", "H", "N", "O"]))
config.update(
    {
        KEY.NUM_CONVOLUTION: 2,
        # node irreps per layer given by hand: input, after conv 1, after conv 2
        KEY.IRREPS_MANUAL: ["8x0e", "8x0e+8x1o+4x2e", "16x0e"],
        KEY.LMAX: 2,
        KEY.SHIFT: 0.0,
        KEY.SCALE: 1.0,
        KEY.CONV_DENOMINATOR: 15.0,
    }
)
model = build_E3_equivariant_model(config)
