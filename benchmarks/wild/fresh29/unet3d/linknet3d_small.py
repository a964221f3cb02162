"""A LinkNet3d (unet3d) with 3 layers, 8 start channels and a 5-wide init kernel."""

from unet3d.linknet3d import LinkNet3d

model = LinkNet3d(c_in=1, c_out=2, c_start=8, layers=3, init_kernel=5)
