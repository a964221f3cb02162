# active acquisition: AdaptiveVarNet with a LOUPE-style learned sampling mask
from fastmri.models import AdaptiveVarNet

model = AdaptiveVarNet(
    budget=8,
    num_cascades=3,
    sens_chans=4,
    sens_pools=2,
    chans=8,
    pools=2,
    loupe_mask=True,
    crop_size=(64, 64),
    num_actions=64,
    num_sense_lines=4,
)
