# a hand-rolled unrolled network: a sensitivity estimator plus VarNetBlocks whose
# regularizers grow wider with depth
import torch.nn as nn
from fastmri.models import NormUnet, SensitivityModel, VarNetBlock

widths = [8, 8, 12, 16]


class Unrolled(nn.Module):
    def __init__(self, widths, pools=3):
        super().__init__()
        self.sens_net = SensitivityModel(chans=6, num_pools=2)
        self.cascades = nn.ModuleList(
            [VarNetBlock(NormUnet(chans=w, num_pools=pools)) for w in widths]
        )


model = Unrolled(widths)
