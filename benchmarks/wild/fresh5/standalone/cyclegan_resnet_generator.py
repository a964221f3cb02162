"""CycleGAN's ResNet generator and a 70x70 PatchGAN pair for one direction, norm layer picked
by name (instance norm without affine parameters, so no bias-free trick needed), built by a
define_G-like function."""

import functools

import torch.nn as nn


def get_norm_layer(norm_type="instance"):
    if norm_type == "batch":
        return functools.partial(nn.BatchNorm2d, affine=True, track_running_stats=True)
    if norm_type == "instance":
        return functools.partial(nn.InstanceNorm2d, affine=False, track_running_stats=False)
    raise NotImplementedError("normalization layer [%s] is not found" % norm_type)


class ResnetBlock(nn.Module):
    def __init__(self, dim, norm_layer, use_bias):
        super().__init__()
        self.conv_block = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(dim, dim, 3, bias=use_bias), norm_layer(dim), nn.ReLU(True),
            nn.ReflectionPad2d(1), nn.Conv2d(dim, dim, 3, bias=use_bias), norm_layer(dim),
        )


class ResnetGenerator(nn.Module):
    def __init__(self, input_nc, output_nc, ngf=64, norm_layer=nn.BatchNorm2d, n_blocks=6):
        super().__init__()
        use_bias = norm_layer.func == nn.InstanceNorm2d if isinstance(norm_layer, functools.partial) else norm_layer == nn.InstanceNorm2d
        model = [nn.ReflectionPad2d(3), nn.Conv2d(input_nc, ngf, 7, bias=use_bias), norm_layer(ngf), nn.ReLU(True)]
        n_downsampling = 2
        for i in range(n_downsampling):
            mult = 2**i
            model += [nn.Conv2d(ngf * mult, ngf * mult * 2, 3, stride=2, padding=1, bias=use_bias), norm_layer(ngf * mult * 2), nn.ReLU(True)]
        mult = 2**n_downsampling
        for i in range(n_blocks):
            model += [ResnetBlock(ngf * mult, norm_layer=norm_layer, use_bias=use_bias)]
        for i in range(n_downsampling):
            mult = 2 ** (n_downsampling - i)
            model += [
                nn.ConvTranspose2d(ngf * mult, int(ngf * mult / 2), 3, stride=2, padding=1, output_padding=1, bias=use_bias),
                norm_layer(int(ngf * mult / 2)),
                nn.ReLU(True),
            ]
        model += [nn.ReflectionPad2d(3), nn.Conv2d(ngf, output_nc, 7), nn.Tanh()]
        self.model = nn.Sequential(*model)


def define_G(input_nc, output_nc, ngf, netG, norm="batch"):
    norm_layer = get_norm_layer(norm_type=norm)
    if netG == "resnet_9blocks":
        return ResnetGenerator(input_nc, output_nc, ngf, norm_layer=norm_layer, n_blocks=9)
    if netG == "resnet_6blocks":
        return ResnetGenerator(input_nc, output_nc, ngf, norm_layer=norm_layer, n_blocks=6)
    raise NotImplementedError("Generator model name [%s] is not recognized" % netG)


model = define_G(3, 3, ngf=16, netG="resnet_6blocks", norm="instance")
