"""The VGG "baseline" distance (lpips=False: no learned linear heads), trunk randomly initialized."""

import lpips

model = lpips.LPIPS(pretrained=False, net="vgg", lpips=False, pnet_rand=True, verbose=False)
