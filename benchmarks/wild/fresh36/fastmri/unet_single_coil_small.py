# single-coil reconstruction U-Net (magnitude image in, image out)
from fastmri.models import Unet

model = Unet(in_chans=1, out_chans=1, chans=16, num_pool_layers=3, drop_prob=0.0)
