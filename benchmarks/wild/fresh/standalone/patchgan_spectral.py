"""A PatchGAN discriminator with spectral norm on every conv (pix2pix / VQGAN style) (fresh batch, benchmarks/wild/fresh)."""

import functools

import torch.nn as nn
from torch.nn.utils import spectral_norm


class NLayerDiscriminator(nn.Module):
    def __init__(self, input_nc, ndf=64, n_layers=3, norm_layer=nn.BatchNorm2d, use_sn=True):
        super().__init__()
        sn = spectral_norm if use_sn else (lambda m: m)
        if type(norm_layer) == functools.partial:  # noqa: E721  (as the reference writes it)
            use_bias = norm_layer.func == nn.InstanceNorm2d
        else:
            use_bias = norm_layer == nn.InstanceNorm2d
        kw, padw = 4, 1
        sequence = [sn(nn.Conv2d(input_nc, ndf, kernel_size=kw, stride=2, padding=padw)), nn.LeakyReLU(0.2, True)]
        nf_mult = 1
        for n in range(1, n_layers):
            nf_mult_prev, nf_mult = nf_mult, min(2**n, 8)
            sequence += [
                sn(nn.Conv2d(ndf * nf_mult_prev, ndf * nf_mult, kernel_size=kw, stride=2, padding=padw, bias=use_bias)),
                norm_layer(ndf * nf_mult),
                nn.LeakyReLU(0.2, True),
            ]
        nf_mult_prev, nf_mult = nf_mult, min(2**n_layers, 8)
        sequence += [
            sn(nn.Conv2d(ndf * nf_mult_prev, ndf * nf_mult, kernel_size=kw, stride=1, padding=padw, bias=use_bias)),
            norm_layer(ndf * nf_mult),
            nn.LeakyReLU(0.2, True),
            sn(nn.Conv2d(ndf * nf_mult, 1, kernel_size=kw, stride=1, padding=padw)),
        ]
        self.model = nn.Sequential(*sequence)


norm = functools.partial(nn.InstanceNorm2d, affine=True, track_running_stats=False)
model = NLayerDiscriminator(input_nc=6, ndf=32, n_layers=3, norm_layer=norm)
