import torch.nn as nn
from torch_fftconv import FFTConv1d, FFTConvTranspose1d, FFTConvTranspose2d


class Decoder(nn.Module):
    def __init__(self, latent=8, width=12):
        super().__init__()
        self.up1 = FFTConvTranspose1d(latent, width, kernel_size=16, stride=4)
        self.up2 = FFTConvTranspose1d(width, width // 2, kernel_size=32, stride=4, output_padding=1)
        self.post = FFTConv1d(width // 2, 1, kernel_size=63, padding=31)
        self.img = FFTConvTranspose2d(latent, 3, kernel_size=(5, 3), groups=1, bias=False)


model = Decoder(latent=6, width=10)
