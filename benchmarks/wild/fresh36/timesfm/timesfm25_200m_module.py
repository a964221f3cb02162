# the released TimesFM 2.5 architecture (200M), no checkpoint loaded
from timesfm.timesfm_2p5.timesfm_2p5_torch import TimesFM_2p5_200M_torch_module

model = TimesFM_2p5_200M_torch_module()
