"""A Swin-style hierarchical transformer with a UPerNet decoder for segmentation, as a research repo
lays it out: window attention with a relative-position bias table (Parameter) and index (buffer),
shifted-window masks as non-persistent buffers, patch merging, stochastic depth, a PPM module and
FPN lateral / output convs; stage depths and heads from a config dict, an auxiliary FCN head."""

import torch
import torch.nn as nn

CFG = dict(
    img_size=64,
    patch_size=4,
    in_chans=3,
    embed_dim=24,
    depths=(2, 2, 2, 1),
    num_heads=(2, 4, 6, 8),
    window_size=4,
    mlp_ratio=3.0,
    drop_path_rate=0.1,
    decoder_channels=48,
    pool_scales=(1, 2, 3),
    num_classes=19,
    aux_head=True,
)


class DropPath(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.p = p

    def forward(self, x):
        if not self.training or self.p == 0.0:
            return x
        keep = torch.rand(x.shape[0], *([1] * (x.ndim - 1)), device=x.device) >= self.p
        return x * keep / (1 - self.p)


class Mlp(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)


class WindowAttention(nn.Module):
    def __init__(self, dim, window_size, num_heads, qkv_bias=True):
        super().__init__()
        self.dim, self.window_size, self.num_heads = dim, window_size, num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.relative_position_bias_table = nn.Parameter(
            torch.zeros((2 * window_size - 1) ** 2, num_heads)
        )
        coords = torch.stack(
            torch.meshgrid(torch.arange(window_size), torch.arange(window_size), indexing="ij")
        ).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += window_size - 1
        rel[:, :, 1] += window_size - 1
        rel[:, :, 0] *= 2 * window_size - 1
        self.register_buffer("relative_position_index", rel.sum(-1))
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)
        nn.init.trunc_normal_(self.relative_position_bias_table, std=0.02)


def window_partition_mask(res, ws, shift):
    img_mask = torch.zeros(1, res, res, 1)
    cnt = 0
    for h in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
        for w in (slice(0, -ws), slice(-ws, -shift), slice(-shift, None)):
            img_mask[:, h, w, :] = cnt
            cnt += 1
    win = (
        img_mask.view(1, res // ws, ws, res // ws, ws, 1)
        .permute(0, 1, 3, 2, 4, 5)
        .reshape(-1, ws * ws)
    )
    mask = win.unsqueeze(1) - win.unsqueeze(2)
    return mask.masked_fill(mask != 0, -100.0).masked_fill(mask == 0, 0.0)


class SwinBlock(nn.Module):
    def __init__(self, dim, res, num_heads, window_size, shift, mlp_ratio, drop_path):
        super().__init__()
        if res <= window_size:
            window_size, shift = res, 0
        self.norm1 = nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, window_size, num_heads)
        self.drop_path = DropPath(drop_path) if drop_path > 0 else nn.Identity()
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = Mlp(dim, int(dim * mlp_ratio))
        mask = window_partition_mask(res, window_size, shift) if shift > 0 else None
        self.register_buffer("attn_mask", mask, persistent=False)


class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)


class BasicLayer(nn.Module):
    def __init__(self, dim, res, depth, num_heads, window_size, mlp_ratio, dpr, downsample):
        super().__init__()
        self.blocks = nn.ModuleList(
            SwinBlock(
                dim,
                res,
                num_heads,
                window_size,
                0 if i % 2 == 0 else window_size // 2,
                mlp_ratio,
                dpr[i],
            )
            for i in range(depth)
        )
        self.downsample = PatchMerging(dim) if downsample else None


class SwinBackbone(nn.Module):
    def __init__(
        self,
        img_size,
        patch_size,
        in_chans,
        embed_dim,
        depths,
        num_heads,
        window_size,
        mlp_ratio,
        drop_path_rate,
        **_,
    ):
        super().__init__()
        self.patch_embed = nn.Sequential(
            nn.Conv2d(in_chans, embed_dim, patch_size, patch_size), nn.Identity()
        )
        self.patch_norm = nn.LayerNorm(embed_dim)
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths), device="cpu")]
        res = img_size // patch_size
        self.layers = nn.ModuleList()
        self.out_dims = []
        for i, (depth, heads) in enumerate(zip(depths, num_heads)):
            dim = embed_dim * 2**i
            self.layers.append(
                BasicLayer(
                    dim,
                    res // 2**i,
                    depth,
                    heads,
                    window_size,
                    mlp_ratio,
                    dpr[sum(depths[:i]) : sum(depths[: i + 1])],
                    downsample=i < len(depths) - 1,
                )
            )
            self.out_dims.append(dim)
        self.out_norms = nn.ModuleList(nn.LayerNorm(d) for d in self.out_dims)


class ConvModule(nn.Sequential):
    def __init__(self, cin, cout, k=1, padding=0):
        super().__init__(
            nn.Conv2d(cin, cout, k, padding=padding, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class PPM(nn.ModuleList):
    def __init__(self, pool_scales, cin, channels):
        super().__init__(
            nn.Sequential(nn.AdaptiveAvgPool2d(s), ConvModule(cin, channels)) for s in pool_scales
        )


class UPerHead(nn.Module):
    def __init__(self, in_dims, channels, pool_scales, num_classes):
        super().__init__()
        self.psp_modules = PPM(pool_scales, in_dims[-1], channels)
        self.bottleneck = ConvModule(in_dims[-1] + len(pool_scales) * channels, channels, 3, 1)
        self.lateral_convs = nn.ModuleList(ConvModule(c, channels) for c in in_dims[:-1])
        self.fpn_convs = nn.ModuleList(ConvModule(channels, channels, 3, 1) for _ in in_dims[:-1])
        self.fpn_bottleneck = ConvModule(len(in_dims) * channels, channels, 3, 1)
        self.conv_seg = nn.Conv2d(channels, num_classes, 1)


class FCNHead(nn.Module):
    def __init__(self, cin, channels, num_classes):
        super().__init__()
        self.convs = ConvModule(cin, channels, 3, 1)
        self.conv_seg = nn.Conv2d(channels, num_classes, 1)


class SwinUPerNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.backbone = SwinBackbone(**cfg)
        dims = self.backbone.out_dims
        self.decode_head = UPerHead(
            dims, cfg["decoder_channels"], cfg["pool_scales"], cfg["num_classes"]
        )
        self.auxiliary_head = (
            FCNHead(dims[2], cfg["decoder_channels"] // 2, cfg["num_classes"])
            if cfg["aux_head"]
            else None
        )

    def forward(self, x):
        raise NotImplementedError


model = SwinUPerNet(CFG)
