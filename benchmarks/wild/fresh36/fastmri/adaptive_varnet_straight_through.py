# the same acquisition model with per-cascade straight-through policies
from fastmri.models import AdaptiveVarNet

model = AdaptiveVarNet(
    budget=6,
    num_cascades=4,
    cascades_per_policy=2,
    sens_chans=4,
    sens_pools=2,
    chans=6,
    pools=2,
    loupe_mask=False,
    crop_size=(32, 32),
    num_actions=32,
    num_sense_lines=2,
)
