"""LPIPS perceptual metric on an AlexNet trunk, nothing loaded (random trunk and linear heads)."""

import lpips

model = lpips.LPIPS(pretrained=False, net="alex", pnet_rand=True, verbose=False)
