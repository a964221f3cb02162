import torch
import torch.nn as nn


class ConvEmbed(nn.Module):
    def __init__(self, cin, dim, kernel, stride):
        super().__init__()
        self.proj = nn.Conv2d(cin, dim, kernel, stride, kernel // 2)
        self.norm = nn.LayerNorm(dim)


class ConvProjection(nn.Module):
    """CvT: q/k/v come from depthwise conv + BN, k and v with stride 2."""

    def __init__(self, dim, stride):
        super().__init__()
        self.conv = nn.Conv2d(dim, dim, 3, stride, 1, groups=dim, bias=False)
        self.bn = nn.BatchNorm2d(dim)
        self.linear = nn.Linear(dim, dim)


class ConvAttention(nn.Module):
    def __init__(self, dim, heads, kv_stride=2):
        super().__init__()
        self.heads = heads
        self.q = ConvProjection(dim, 1)
        self.k = ConvProjection(dim, kv_stride)
        self.v = ConvProjection(dim, kv_stride)
        self.proj = nn.Linear(dim, dim)


class Stage(nn.Module):
    def __init__(self, cin, dim, depth, heads, kernel, stride, mlp_ratio=4):
        super().__init__()
        self.embed = ConvEmbed(cin, dim, kernel, stride)
        self.blocks = nn.ModuleList()
        for _ in range(depth):
            self.blocks.append(
                nn.ModuleList(
                    [
                        nn.LayerNorm(dim),
                        ConvAttention(dim, heads),
                        nn.LayerNorm(dim),
                        nn.Sequential(
                            nn.Linear(dim, dim * mlp_ratio),
                            nn.GELU(),
                            nn.Linear(dim * mlp_ratio, dim),
                        ),
                    ]
                )
            )


class CvT(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        specs = [(3, 32, 1, 1, 7, 4), (32, 96, 2, 3, 3, 2), (96, 192, 4, 6, 3, 2)]
        self.stages = nn.ModuleList(Stage(*s) for s in specs)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, 192))
        self.norm = nn.LayerNorm(192)
        self.head = nn.Linear(192, num_classes)


model = CvT(num_classes=10)
