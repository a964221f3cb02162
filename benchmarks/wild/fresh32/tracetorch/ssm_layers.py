import torch.nn as nn
from tracetorch import ssm

model = nn.Sequential(
    ssm.S4(16, d_state=8),
    ssm.S5(16, d_state=4),
    ssm.S6(16, d_state=8),
    ssm.Mamba(16, d_state=4, conv_kernel=3),
)
