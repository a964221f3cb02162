# RAFT's update operator: motion encoder over correlation + flow, a separable ConvGRU
# (1x5 then 5x1), flow head and the convex-upsampling mask head
import torch.nn as nn

corr_levels, corr_radius = 4, 4
cor_planes = corr_levels * (2 * corr_radius + 1) ** 2


class SepConvGRU(nn.Module):
    def __init__(self, hidden=128, inp=192 + 128):
        super().__init__()
        for name, k, p in (("1", (1, 5), (0, 2)), ("2", (5, 1), (2, 0))):
            for gate in "zrq":
                setattr(self, f"conv{gate}{name}", nn.Conv2d(hidden + inp, hidden, k, padding=p))


class MotionEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.convc1 = nn.Conv2d(cor_planes, 256, 1)
        self.convc2 = nn.Conv2d(256, 192, 3, padding=1)
        self.convf1 = nn.Conv2d(2, 128, 7, padding=3)
        self.convf2 = nn.Conv2d(128, 64, 3, padding=1)
        self.conv = nn.Conv2d(64 + 192, 128 - 2, 3, padding=1)


class UpdateBlock(nn.Module):
    def __init__(self, hidden=128):
        super().__init__()
        self.encoder = MotionEncoder()
        self.gru = SepConvGRU(hidden, inp=128 + hidden)
        self.flow_head = nn.Sequential(
            nn.Conv2d(hidden, 256, 3, padding=1), nn.ReLU(), nn.Conv2d(256, 2, 3, padding=1)
        )
        self.mask = nn.Sequential(
            nn.Conv2d(hidden, 256, 3, padding=1), nn.ReLU(), nn.Conv2d(256, 64 * 9, 1)
        )


model = UpdateBlock(hidden=128)
