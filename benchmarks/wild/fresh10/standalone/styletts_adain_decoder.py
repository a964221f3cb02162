"""StyleTTS-style decoder: AdaIN residual blocks conditioned on a style vector, a style encoder,
and an F0/energy conditioning path."""

from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class AdaIN1d(nn.Module):
    def __init__(self, style_dim, num_features):
        super().__init__()
        self.norm = nn.InstanceNorm1d(num_features, affine=False)
        self.fc = nn.Linear(style_dim, num_features * 2)


class AdainResBlk1d(nn.Module):
    def __init__(self, dim_in, dim_out, style_dim=64, upsample=False):
        super().__init__()
        self.conv1 = weight_norm(nn.Conv1d(dim_in, dim_out, 3, 1, 1))
        self.conv2 = weight_norm(nn.Conv1d(dim_out, dim_out, 3, 1, 1))
        self.norm1 = AdaIN1d(style_dim, dim_in)
        self.norm2 = AdaIN1d(style_dim, dim_out)
        self.learned_sc = dim_in != dim_out
        if self.learned_sc:
            self.conv1x1 = weight_norm(nn.Conv1d(dim_in, dim_out, 1, 1, 0, bias=False))
        if upsample:
            self.pool = weight_norm(
                nn.ConvTranspose1d(dim_in, dim_in, 3, 2, 1, output_padding=1, groups=dim_in)
            )
        else:
            self.pool = nn.Identity()


class StyleEncoder(nn.Module):
    def __init__(self, dim_in=32, style_dim=64, max_conv_dim=256):
        super().__init__()
        layers = [nn.Conv2d(1, dim_in, 3, 1, 1)]
        d = dim_in
        for _ in range(3):
            d_out = min(d * 2, max_conv_dim)
            layers += [nn.LeakyReLU(0.2), nn.Conv2d(d, d_out, 3, 2, 1)]
            d = d_out
        layers += [nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1)]
        self.shared = nn.Sequential(*layers)
        self.unshared = nn.Linear(d, style_dim)


class Decoder(nn.Module):
    def __init__(self, dim_in=256, style_dim=64, dim_out=80):
        super().__init__()
        self.encode = AdainResBlk1d(dim_in + 2, 512, style_dim)
        self.decode = nn.ModuleList(
            [AdainResBlk1d(512 + 2 + 64, 512, style_dim) for _ in range(3)]
            + [AdainResBlk1d(512 + 2 + 64, 256, style_dim, upsample=True)]
        )
        self.F0_conv = weight_norm(nn.Conv1d(1, 1, 3, 2, 1, groups=1))
        self.N_conv = weight_norm(nn.Conv1d(1, 1, 3, 2, 1, groups=1))
        self.asr_res = nn.Sequential(weight_norm(nn.Conv1d(dim_in, 64, 1)))
        self.to_out = nn.Sequential(weight_norm(nn.Conv1d(256, dim_out, 1, 1, 0)))


class StyleTTSDecoderStack(nn.Module):
    def __init__(self):
        super().__init__()
        self.style_encoder = StyleEncoder()
        self.decoder = Decoder()


model = StyleTTSDecoderStack()
