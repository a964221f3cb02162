import functools

import torch.nn as nn


class NLayerDiscriminator(nn.Module):
    def __init__(self, input_nc, ndf=64, n_layers=3, norm_layer=nn.BatchNorm2d):
        super().__init__()
        if type(norm_layer) == functools.partial:  # noqa: E721
            use_bias = norm_layer.func == nn.InstanceNorm2d
        else:
            use_bias = norm_layer == nn.InstanceNorm2d
        kw, padw = 4, 1
        seq = [nn.Conv2d(input_nc, ndf, kw, 2, padw), nn.LeakyReLU(0.2, True)]
        mult = 1
        for n in range(1, n_layers):
            prev, mult = mult, min(2**n, 8)
            seq += [
                nn.Conv2d(ndf * prev, ndf * mult, kw, 2, padw, bias=use_bias),
                norm_layer(ndf * mult),
                nn.LeakyReLU(0.2, True),
            ]
        prev, mult = mult, min(2**n_layers, 8)
        seq += [
            nn.Conv2d(ndf * prev, ndf * mult, kw, 1, padw, bias=use_bias),
            norm_layer(ndf * mult),
            nn.LeakyReLU(0.2, True),
        ]
        seq += [nn.Conv2d(ndf * mult, 1, kw, 1, padw)]
        self.model = nn.Sequential(*seq)


# instance norm without affine parameters: the convs keep their bias
norm = functools.partial(nn.InstanceNorm2d, affine=False, track_running_stats=False)
model = NLayerDiscriminator(input_nc=6, ndf=16, n_layers=5, norm_layer=norm)
