# InfoGAN on MNIST: noise + a 10-way categorical code + 2 continuous codes; D and Q share a trunk
import torch.nn as nn

NOISE, CAT, CONT = 62, 10, 2


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Sequential(
            nn.Linear(NOISE + CAT + CONT, 1024),
            nn.BatchNorm1d(1024),
            nn.ReLU(),
            nn.Linear(1024, 128 * 7 * 7),
            nn.BatchNorm1d(128 * 7 * 7),
            nn.ReLU(),
        )
        self.deconv = nn.Sequential(
            nn.ConvTranspose2d(128, 64, 4, 2, 1),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.ConvTranspose2d(64, 1, 4, 2, 1),
            nn.Tanh(),
        )


class SharedDQ(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv2d(1, 64, 4, 2, 1),
            nn.LeakyReLU(0.1),
            nn.Conv2d(64, 128, 4, 2, 1, bias=False),
            nn.BatchNorm2d(128),
            nn.LeakyReLU(0.1),
            nn.Flatten(),
            nn.Linear(128 * 7 * 7, 1024, bias=False),
            nn.BatchNorm1d(1024),
            nn.LeakyReLU(0.1),
        )
        self.d_head = nn.Linear(1024, 1)
        self.q_head = nn.Sequential(
            nn.Linear(1024, 128, bias=False), nn.BatchNorm1d(128), nn.LeakyReLU(0.1)
        )
        self.q_cat = nn.Linear(128, CAT)
        self.q_mu = nn.Linear(128, CONT)
        self.q_var = nn.Linear(128, CONT)


class InfoGAN(nn.Module):
    def __init__(self):
        super().__init__()
        self.G = Generator()
        self.DQ = SharedDQ()


model = InfoGAN()
