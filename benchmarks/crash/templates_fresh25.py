"""A twenty-fifth fresh batch of crash cases (session 33, split ``fresh25``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
Most crashes are reached in training-step code run from ``forward`` (under ``enable_grad``): the
optimizer, the learning-rate scheduler, ``GradScaler``, ``autocast``, gradient clipping, custom
``autograd.Function`` s, anomaly detection, ``DataLoader`` collation and ``random_split``,
``load_state_dict``. Half the crash classes are new: an optimizer given no parameters or the same
parameter twice or a hyper-parameter out of range, a step without its closure, an optimizer state
dict that does not fit, a scheduler given something that is not an optimizer / stepped past its
total / given the wrong number of milestones / an out-of-range setting, a batch of unequal
samples, DataLoader options that exclude each other, TensorDataset / random_split sizes that do
not add up, a distribution given both probs and logits, a custom Function whose backward returns
the wrong number or shape of gradients or that saves a non-tensor, a NaN found by anomaly mode,
``autograd.grad`` with no inputs, ``deepcopy`` of a module that holds a non-leaf tensor, a
non-finite gradient norm with ``error_if_nonfinite``, ``GradScaler`` calls out of order, an
autocast device type that is not a string torch knows. The other half are classes earlier batches
have, written as whole models whose sizes come through Python (config drift, decode loops,
training steps). Several clean variants look risky (``RISKY_CLEAN``). Same format as
``templates.py``; every case name starts ``f25_``. Whether a case crashes is torch's verdict
(``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()


# ---------------------------------------------------------------- optimizer with no parameters (new)
template("finetune_head_trainer", "(4, 16)")(
    """
from dataclasses import dataclass


@dataclass
class TuneConfig:
    dim: int = 16
    hidden: int = 32
    classes: int = 3
    lr: float = 0.05


class Net(nn.Module):
    def __init__(self, cfg=TuneConfig()):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(cfg.dim, cfg.hidden), nn.GELU())
        self.head = nn.Linear(cfg.hidden, cfg.classes)
        self.cfg = cfg
        {freeze}

    def train_step(self, x, y):
        params = [p for n, p in self.named_parameters() if {cond}]
        opt = torch.optim.SGD(params, lr=self.cfg.lr)
        loss = F.cross_entropy(self.head(self.backbone(x)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.detach()

    def forward(self, x):
        y = torch.arange(x.shape[0]) % self.cfg.classes
        with torch.enable_grad():
            loss = self.train_step(x, y)
        return self.head(self.backbone(x)) + loss
"""
)

template("adapter_tuning_step", "(3, 12)")(
    """
class Adapter(nn.Module):
    def __init__(self, dim, bottleneck):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)

    def forward(self, x):
        return x + self.up(F.relu(self.down(x)))


class Net(nn.Module):
    def __init__(self, dim=12, bottleneck={bneck}):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))
        self.adapter = Adapter(dim, bottleneck) if bottleneck > 0 else nn.Identity()
        self.out = nn.Linear(dim, 1)
        for p in self.encoder.parameters():
            p.requires_grad_(False)
        for p in self.out.parameters():
            p.requires_grad_(False)

    def forward(self, x):
        params = {params}
        n_trainable = sum(p.numel() for p in params)
        opt = torch.optim.AdamW(params, lr=1e-3)
        with torch.enable_grad():
            loss = self.out(self.adapter(self.encoder(x))).pow(2).mean()
            loss.backward()
        opt.step()
        return self.out(self.adapter(self.encoder(x))) + n_trainable * 0.0
"""
)

# ---------------------------------------------------------------- autograd.grad with no inputs (new)
template("meta_inner_loop", "(4, 10)")(
    """
class Learner(nn.Module):
    def __init__(self, dim, hidden, out):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, out)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, inner_lr=0.1):
        super().__init__()
        self.body = Learner(10, 20, 2)
        self.inner_lr = inner_lr

    def forward(self, x):
        with torch.enable_grad():
            params = {params}
            loss = self.body(x).pow(2).mean()
            grads = torch.autograd.grad(loss, params)
        norm = sum(g.norm() for g in grads)
        return self.body(x) - self.inner_lr * norm
"""
)

template("saliency_by_layer", "(2, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, padding=1)
        self.norm = nn.GroupNorm(2, width, affine={affine})
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, 4)

    def forward(self, x):
        with torch.enable_grad():
            h = self.pool(F.relu(self.norm(self.stem(x)))).flatten(1)
            score = self.fc(h).max(-1).values.sum()
            watched = {watched}
            grads = torch.autograd.grad(score, watched)
        weight = torch.stack([g.abs().mean() for g in grads]).sum()
        return self.fc(h.detach()) * weight
"""
)

# ---------------------------------------------------------------- a parameter in two groups (new)
template("layerwise_lr_groups", "(4, 16)")(
    """
class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Net(nn.Module):
    def __init__(self, dim=16, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 2)

    def forward(self, x):
        groups = [
            dict(params=self.blocks.parameters(), lr=1e-4),
            dict(params={head_params}, lr=1e-3),
        ]
        opt = torch.optim.AdamW(groups)
        {extra}
        with torch.enable_grad():
            h = x
            for blk in self.blocks:
                h = blk(h)
            loss = self.head(h).logsumexp(-1).mean()
            loss.backward()
        opt.step()
        return self.head(h.detach())
"""
)

template("weight_decay_split", "(3, 8, 12)")(
    """
class Net(nn.Module):
    def __init__(self, dim=12, vocab=20):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.lm = nn.Linear(dim, vocab)

    def forward(self, x):
        decay = [p for n, p in self.named_parameters() if {decay_cond}]
        no_decay = [p for n, p in self.named_parameters() if "bias" in n or "norm" in n]
        opt = torch.optim.AdamW(
            [dict(params=decay, weight_decay=0.1), dict(params=no_decay, weight_decay=0.0)], lr=3e-4
        )
        with torch.enable_grad():
            h = self.norm(self.proj(x))
            h = h + self.mlp(h)
            loss = self.lm(h).logsumexp(-1).mean()
            loss.backward()
        opt.step()
        return self.lm(h.detach())
"""
)

# ---------------------------------------------------------------- optimizer hyper-parameter (new)
template("config_trainer_mlp", "(4, 8)")(
    """
from dataclasses import dataclass


@dataclass
class OptimConfig:
    lr: float = 0.01
    momentum: float = {momentum}
    beta2: float = {beta2}
    warmup: int = 5


class Net(nn.Module):
    def __init__(self, cfg=OptimConfig()):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 1))
        self.cfg = cfg

    def build_optimizer(self):
        cfg = self.cfg
        return {opt}

    def forward(self, x):
        opt = self.build_optimizer()
        with torch.enable_grad():
            loss = self.net(x).pow(2).mean()
            opt.zero_grad()
            loss.backward()
        opt.step()
        return self.net(x)
"""
)

template("rmsprop_critic_step", "(5, 6)")(
    """
class Critic(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 24)
        self.fc2 = nn.Linear(24, 1)

    def forward(self, x):
        return self.fc2(F.leaky_relu(self.fc1(x), 0.2))


class Net(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.critic = Critic(dim)
        self.gen = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, x):
        opt = torch.optim.RMSprop(self.critic.parameters(), lr=5e-5, {hp})
        with torch.enable_grad():
            fake = self.gen(x).detach()
            loss = self.critic(fake).mean() - self.critic(x).mean()
            loss.backward()
        opt.step()
        for p in self.critic.parameters():
            p.clamp_(-0.01, 0.01)
        return self.critic(x)
"""
)

# ---------------------------------------------------------------- optimizer step closure (new)
template("temperature_calibrator", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self, classes=5):
        super().__init__()
        self.classifier = nn.Sequential(nn.Linear(classes, 16), nn.ReLU(), nn.Linear(16, classes))
        self.temperature = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        logits = self.classifier(x)
        labels = logits.argmax(-1)
        opt = torch.optim.LBFGS([self.temperature], lr=0.01, max_iter=5)

        def closure():
            opt.zero_grad()
            loss = F.cross_entropy(logits / self.temperature, labels)
            loss.backward()
            return loss

        with torch.enable_grad():
            {step}
        return logits / self.temperature
"""
)

template("sgd_train_step_model", "(4, 12)")(
    """
class Encoder(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc = nn.Linear(dim, hidden)
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        return self.norm(F.gelu(self.fc(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder(12, 24)
        self.dec = nn.Linear(24, 12)
        self.opt = torch.optim.SGD(self.parameters(), lr=0.01, momentum=0.9)

    def forward(self, x):
        with torch.enable_grad():
            recon = self.dec(self.enc(x))
            loss = F.mse_loss(recon, x)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step({arg})
        return recon.detach()
"""
)

# ---------------------------------------------------------------- optimizer state dict (new)
template("resume_optimizer_state", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 20))
        self.head = nn.Linear(20, 3)

    def make_optimizer(self, split_head):
        if split_head:
            groups = [dict(params=self.body.parameters()), dict(params=self.head.parameters(), lr=1e-2)]
        else:
            groups = [dict(params=self.parameters())]
        return torch.optim.Adam(groups, lr=1e-3)

    def forward(self, x):
        old = self.make_optimizer({old_split})
        with torch.enable_grad():
            self.head(self.body(x)).sum().backward()
        old.step()
        saved = {saved}
        new = self.make_optimizer(True)
        new.load_state_dict(saved)
        return self.head(self.body(x))
"""
)

template("ema_resume_trainer", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))
        self.teacher = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))
        self.teacher.requires_grad_(False)

    def forward(self, x):
        opt = torch.optim.SGD({opt_params}, lr=0.1, momentum=0.9)
        with torch.enable_grad():
            loss = F.mse_loss(self.student(x), self.teacher(x))
            loss.backward()
        opt.step()
        checkpoint = dict(model=self.state_dict(), optim=opt.state_dict())
        resumed = torch.optim.SGD(self.student.parameters(), lr=0.1, momentum=0.9)
        resumed.load_state_dict({which})
        return self.student(x)
"""
)

# ---------------------------------------------------------------- scheduler not given an optimizer (new)
template("warmup_schedule_model", "(4, 16)")(
    """
from dataclasses import dataclass


@dataclass
class SchedConfig:
    lr: float = 1e-3
    warmup: int = 4
    step_size: int = 10


class Net(nn.Module):
    def __init__(self, cfg=SchedConfig()):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 16))
        self.cfg = cfg

    def forward(self, x):
        opt = torch.optim.Adam(self.parameters(), lr=self.cfg.lr)
        sched = torch.optim.lr_scheduler.StepLR({target}, step_size=self.cfg.step_size, gamma=0.5)
        for _ in range(2):
            with torch.enable_grad():
                loss = self.layers(x).pow(2).mean()
                opt.zero_grad()
                loss.backward()
            opt.step()
            sched.step()
        return self.layers(x)
"""
)

template("lambda_warmup_head", "(3, 6)")(
    """
def warmup_factor(step, warmup=3):
    return min(1.0, (step + 1) / warmup)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 12), nn.Tanh())
        self.head = nn.Linear(12, 2)

    def forward(self, x):
        opt = torch.optim.SGD(self.parameters(), lr=0.05)
        sched = torch.optim.lr_scheduler.LambdaLR({target}, lr_lambda={lam})
        with torch.enable_grad():
            loss = self.head(self.body(x)).pow(2).sum()
            loss.backward()
        opt.step()
        sched.step()
        return self.head(self.body(x))
"""
)

# ---------------------------------------------------------------- scheduler stepped past its total (new)
template("one_cycle_loop", "(4, 8)")(
    """
from dataclasses import dataclass


@dataclass
class LoopConfig:
    steps: int = 6
    max_lr: float = 0.1


class Net(nn.Module):
    def __init__(self, cfg=LoopConfig()):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
        self.cfg = cfg

    def forward(self, x):
        cfg = self.cfg
        opt = torch.optim.SGD(self.parameters(), lr=cfg.max_lr, momentum=0.9)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg.max_lr, total_steps={total})
        for step in range({loop}):
            with torch.enable_grad():
                loss = self.net(x).pow(2).mean()
                opt.zero_grad()
                loss.backward()
            opt.step()
            sched.step()
        return self.net(x)
"""
)

template("one_cycle_epochs", "(10, 4)")(
    """
import math

from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, epochs=2, batch=4):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        self.epochs = epochs
        self.batch = batch

    def forward(self, x):
        loader = DataLoader(TensorDataset(x, x.sum(-1, keepdim=True)), batch_size=self.batch)
        opt = torch.optim.AdamW(self.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.OneCycleLR(
            opt, max_lr=1e-2, epochs=self.epochs, steps_per_epoch={spe}
        )
        for _ in range(self.epochs):
            for xb, yb in loader:
                with torch.enable_grad():
                    loss = F.mse_loss(self.model(xb), yb)
                    opt.zero_grad()
                    loss.backward()
                opt.step()
                sched.step()
        return self.model(x)
"""
)

# ---------------------------------------------------------------- SequentialLR milestones (new)
template("warmup_cosine_seq", "(4, 12)")(
    """
from dataclasses import dataclass


@dataclass
class TrainConfig:
    warmup: int = 3
    total: int = 12
    lr: float = 3e-4


class Net(nn.Module):
    def __init__(self, cfg=TrainConfig()):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(12, 24), nn.GELU(), nn.Linear(24, 12), nn.LayerNorm(12))
        self.cfg = cfg

    def forward(self, x):
        cfg = self.cfg
        opt = torch.optim.AdamW(self.parameters(), lr=cfg.lr)
        warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=cfg.warmup)
        cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.total - cfg.warmup)
        sched = torch.optim.lr_scheduler.SequentialLR(opt, [warm, cos], milestones={ms})
        with torch.enable_grad():
            self.blocks(x).pow(2).mean().backward()
        opt.step()
        sched.step()
        return self.blocks(x)
"""
)

template("three_phase_schedule", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self, warm=2, hold=3):
        super().__init__()
        self.warm = warm
        self.hold = hold
        self.encoder = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 6))

    def forward(self, x):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        phases = [
            torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=self.warm),
            torch.optim.lr_scheduler.ConstantLR(opt, factor=1.0, total_iters=self.hold),
            torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9),
        ]
        sched = torch.optim.lr_scheduler.SequentialLR(opt, phases, milestones={ms})
        with torch.enable_grad():
            self.encoder(x).sum().backward()
        opt.step()
        sched.step()
        return self.encoder(x)
"""
)

# ---------------------------------------------------------------- scheduler settings out of range (new)
template("restart_schedule_cfg", "(4, 8)")(
    """
from dataclasses import dataclass


@dataclass
class RestartConfig:
    steps: int = 6
    cycles: int = {cycles}
    growth: float = {growth}


class Net(nn.Module):
    def __init__(self, cfg=RestartConfig()):
        super().__init__()
        self.cfg = cfg
        self.net = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, 8))

    def forward(self, x):
        cfg = self.cfg
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(
            opt, T_0=cfg.steps // cfg.cycles, T_mult=cfg.growth
        )
        with torch.enable_grad():
            self.net(x).pow(2).mean().backward()
        opt.step()
        sched.step()
        return self.net(x)
"""
)

template("linear_warmup_block", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, warmup_from={start}):
        super().__init__()
        self.warmup_from = warmup_from
        self.attn_proj = nn.Linear(10, 30)
        self.out = nn.Linear(10, 10)

    def forward(self, x):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=self.warmup_from, total_iters=5)
        with torch.enable_grad():
            q, k, v = self.attn_proj(x).chunk(3, dim=-1)
            att = torch.softmax(q @ k.T / 10**0.5, dim=-1)
            loss = self.out(att @ v).pow(2).mean()
            loss.backward()
        opt.step()
        sched.step()
        return self.out(att @ v).detach()
"""
)

# ---------------------------------------------------------------- a batch of unequal samples (new)
template("padded_batch_tagger", "(6, 10)", "tokens")(
    """
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader


def pad_collate(batch):
    return pad_sequence(batch, batch_first=True)


class Tagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, tags)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        return self.out(h)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.tagger = Tagger(4, 8, 3)

    def forward(self, x):
        lengths = [4, 10, 7, 10, 3, 9]
        seqs = [x[i, : lengths[i]] for i in range(x.shape[0])]
        loader = DataLoader(seqs, batch_size=3{collate})
        outs = [self.tagger(batch).mean((1, 2)) for batch in loader]
        return torch.cat(outs)
"""
)

template("dict_sample_loader", "(4, 3, 12, 12)")(
    """
from torch.utils.data import DataLoader, Dataset


class Crops(Dataset):
    def __init__(self, images, sizes):
        self.images = images
        self.sizes = sizes

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        s = self.sizes[i]
        return dict(image=self.images[i, :, :s, :s], label=i % 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        sizes = {sizes}
        loader = DataLoader(Crops(x, sizes), batch_size=2)
        logits = []
        for batch in loader:
            logits.append(self.fc(self.features(batch["image"]).flatten(1)))
        return torch.cat(logits)
"""
)

# ---------------------------------------------------------------- DataLoader options (new)
template("loader_config_model", "(8, 5)")(
    """
from dataclasses import dataclass

from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler


@dataclass
class DataConfig:
    examples: int = 8
    accum_steps: int = 2
    workers_batch: int = {wb}


class Net(nn.Module):
    def __init__(self, cfg=DataConfig()):
        super().__init__()
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 1))

    def forward(self, x):
        cfg = self.cfg
        ds = TensorDataset(x, torch.arange(x.shape[0]) % 2)
        weights = torch.ones(len(ds))
        sampler = WeightedRandomSampler(weights, num_samples=len(ds))
        batch_size = cfg.workers_batch // cfg.accum_steps
        loader = DataLoader(ds, batch_size=batch_size, {opts})
        preds = [self.model(xb) for xb, _ in loader]
        return torch.cat(preds).sum() + self.model(x)
"""
)

template("bucket_batch_sampler", "(8, 6)")(
    """
from torch.utils.data import BatchSampler, DataLoader, SequentialSampler, TensorDataset


class Net(nn.Module):
    def __init__(self, batch=4):
        super().__init__()
        self.batch = batch
        self.enc = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 6))

    def forward(self, x):
        ds = TensorDataset(x)
        batches = BatchSampler(SequentialSampler(ds), batch_size=self.batch, drop_last=False)
        loader = DataLoader(ds, {opts})
        outs = [self.enc(xb) for (xb,) in loader]
        return torch.cat(outs)
"""
)

# ---------------------------------------------------------------- TensorDataset sizes (new)
template("tensor_dataset_fit", "(6, 4, 5)")(
    """
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(5, 8, batch_first=True)
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        targets = (x.sum(-1) > 0).long()
        labels = {labels}
        ds = TensorDataset(x, labels)
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        for xb, yb in DataLoader(ds, batch_size=3):
            with torch.enable_grad():
                h, _ = self.rnn(xb)
                loss = F.cross_entropy(self.head(h[:, -1]), yb)
                opt.zero_grad()
                loss.backward()
            opt.step()
        return self.head(self.rnn(x)[0][:, -1])
"""
)

template("pair_dataset_encoder", "(5, 8)")(
    """
from torch.utils.data import TensorDataset


class Tower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.query = Tower(dim)
        self.doc = Tower(dim)

    def forward(self, x):
        docs = {docs}
        ds = TensorDataset(x, docs)
        q, d = ds[:]
        return self.query(q) @ self.doc(d).T
"""
)

# ---------------------------------------------------------------- random_split lengths (new)
template("holdout_split_model", "(11, 4)")(
    """
from torch.utils.data import TensorDataset, random_split


class Net(nn.Module):
    def __init__(self, train_frac=0.8):
        super().__init__()
        self.train_frac = train_frac
        self.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        ds = TensorDataset(x)
        n = len(ds)
        lengths = {lengths}
        train, val = random_split(ds, lengths, generator=torch.Generator().manual_seed(0))
        val_x = torch.stack([v[0] for v in val])
        return self.model(val_x).mean() + self.model(x)
"""
)

template("three_way_split_eval", "(10, 6)")(
    """
from torch.utils.data import random_split


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 6), nn.GELU(), nn.Linear(6, 6), nn.GELU(), nn.Linear(6, 2))

    def forward(self, x):
        n = x.shape[0]
        rows = list(x.unbind(0))
        parts = random_split(rows, {lengths}, generator=torch.Generator().manual_seed(1))
        test = torch.stack([rows[i] for i in parts[-1].indices])
        return self.model(test).mean() + self.model(x)
"""
)

# ---------------------------------------------------------------- probs and logits both (new)
template("policy_head_sampler", "(4, 12)")(
    """
from torch.distributions import Categorical


class PolicyNet(nn.Module):
    def __init__(self, obs, actions):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh())
        self.pi = nn.Linear(32, actions)
        self.v = nn.Linear(32, 1)

    def forward(self, x):
        h = self.body(x)
        return self.pi(h), self.v(h)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.policy = PolicyNet(12, 5)

    def forward(self, x):
        logits, value = self.policy(x)
        probs = torch.softmax(logits, dim=-1)
        dist = {dist}
        action = dist.sample()
        return dist.log_prob(action)[:, None] + value - 0.01 * dist.entropy()[:, None]
"""
)

template("bernoulli_gate_layer", "(3, 16)")(
    """
from torch.distributions import Bernoulli


class Gate(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.score = nn.Linear(dim, dim)

    def forward(self, x):
        z = self.score(x)
        p = torch.sigmoid(z)
        kwargs = {kwargs}
        return Bernoulli(**kwargs).sample()


class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.gate = Gate(dim)
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())

    def forward(self, x):
        return self.ff(x) * self.gate(x)
"""
)

# ---------------------------------------------------------------- custom Function gradients (new)
template("ste_quantizer", "(4, 8)")(
    """
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale, bits):
        {save}
        q = 2 ** (bits - 1)
        return torch.clamp(torch.round(x / scale), -q, q - 1) * scale

    @staticmethod
    def backward(ctx, grad):
        return {ret}


class QuantLinear(nn.Linear):
    def forward(self, x):
        scale = self.weight.abs().max().detach() / 7
        return F.linear(x, RoundSTE.apply(self.weight, scale, 4), self.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = QuantLinear(8, 16)
        self.fc2 = QuantLinear(16, 2)

    def forward(self, x):
        with torch.enable_grad():
            out = self.fc2(F.relu(self.fc1(x)))
            out.pow(2).mean().backward()
        return out.detach()
"""
)

template("grad_reversal_dann", "(6, 10)")(
    """
class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, alpha):
        ctx.alpha = alpha
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return {ret}


class Net(nn.Module):
    def __init__(self, dim=10, alpha=0.5):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(dim, 16), nn.ReLU())
        self.label_head = nn.Linear(16, 3)
        self.domain_head = nn.Sequential(nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 2))
        self.alpha = alpha

    def forward(self, x):
        with torch.enable_grad():
            f = self.features(x)
            y = self.label_head(f)
            d = self.domain_head(GradReverse.apply(f, self.alpha))
            loss = y.logsumexp(-1).mean() + F.cross_entropy(d, torch.arange(x.shape[0]) % 2)
            loss.backward()
        return y.detach()
"""
)

template("custom_row_scale", "(4, 8)")(
    """
class RowScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, s):
        {save}
        return x * s

    @staticmethod
    def backward(ctx, grad):
        x, s = ctx.saved_tensors
        return {ret}


class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.gain = nn.Parameter(torch.ones(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        with torch.enable_grad():
            h = RowScale.apply(self.proj(x), self.gain)
            y = self.out(h)
            y.sum().backward()
        return y.detach()
"""
)

template("clamp_ste_block", "(3, 6)")(
    """
class ClampSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lo, hi):
        {save}
        return x.clamp(lo, hi)

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None


class Net(nn.Module):
    def __init__(self, lo=-1.0, hi=1.0):
        super().__init__()
        self.lo, self.hi = lo, hi
        self.fc = nn.Sequential(nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 6))

    def forward(self, x):
        with torch.enable_grad():
            h = ClampSTE.apply(self.fc(x), self.lo, self.hi)
            h.sum().backward()
        return h.detach()
"""
)

# ---------------------------------------------------------------- anomaly mode finds a NaN (new)
template("safe_sqrt_energy", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, dim), nn.LayerNorm(dim), nn.Linear(dim, dim))

    def forward(self, x):
        with torch.enable_grad(), torch.autograd.detect_anomaly():
            h = self.enc(x)
            energy = {energy}
            energy.sum().backward()
        return energy.detach()
"""
)

template("padded_row_norm", "(3, 6, 8)")(
    """
class ScaleNorm(nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.g = nn.Parameter(torch.ones(1) * dim**0.5)
        self.eps = eps

    def forward(self, x):
        n = {norm}
        return self.g * x / n.clamp_min(self.eps)


class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = ScaleNorm(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        mask = torch.ones(x.shape[:2], dtype=torch.bool)
        mask[:, 4:] = False
        torch.autograd.set_detect_anomaly(True)
        try:
            with torch.enable_grad():
                h = self.ff(x) * mask[..., None]
                y = self.norm(h)
                y.sum().backward()
        finally:
            torch.autograd.set_detect_anomaly(False)
        return y.detach()
"""
)

# ---------------------------------------------------------------- deepcopy of a non-leaf tensor (new)
template("ema_teacher_copy", "(4, 10)")(
    """
import copy


class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.last = None

    def forward(self, x):
        out = self.norm(F.gelu(self.fc(x)))
        self.last = {cache}
        return out


class Net(nn.Module):
    def __init__(self, dim=10):
        super().__init__()
        self.student = Encoder(dim)

    def forward(self, x):
        with torch.enable_grad():
            s = self.student(x)
            s.pow(2).mean().backward()
        teacher = copy.deepcopy(self.student)
        return teacher(x) + s.detach()
"""
)

template("swa_snapshot_model", "(3, 8)")(
    """
import copy


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))
        self.log_temp = nn.Parameter(torch.zeros(1))
        self.snapshots = []

    def forward(self, x):
        with torch.enable_grad():
            {temp}
            out = self.body(x) / self.temp
            out.sum().backward()
        self.snapshots.append(copy.deepcopy(self))
        return out.detach()
"""
)

# ---------------------------------------------------------------- non-finite gradient norm (new)
template("clipped_regressor_step", "(6, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 4))
        self.opt = torch.optim.SGD(self.parameters(), lr=0.01)

    def forward(self, x):
        with torch.enable_grad():
            pred = self.net(x)
            t = F.relu(x[:, :4])
            loss = {loss}
            self.opt.zero_grad()
            loss.backward()
        nn.utils.clip_grad_norm_(self.parameters(), max_norm=1.0, error_if_nonfinite=True)
        self.opt.step()
        return pred.detach()
"""
)

template("zero_init_standardized", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, 12), nn.SiLU())
        self.out = nn.Linear(12, 1)
        nn.init.zeros_(self.out.weight)
        nn.init.zeros_(self.out.bias)

    def forward(self, x):
        with torch.enable_grad():
            score = self.out(self.trunk(x)).squeeze(-1)
            z = {z}
            loss = (z - torch.linspace(-1, 1, x.shape[0])).pow(2).mean()
            loss.backward()
        nn.utils.clip_grad_norm_(self.parameters(), 1.0, error_if_nonfinite=True)
        return score.detach()
"""
)

# ---------------------------------------------------------------- GradScaler call order (new)
template("amp_train_step", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(12, 24), nn.GELU(), nn.Linear(24, 1))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cpu")

    def clip(self, max_norm=1.0):
        {clip_body}
        return nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)

    def forward(self, x):
        with torch.enable_grad():
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = self.model(x).float().pow(2).mean()
            self.scaler.scale(loss).backward()
        {steps}
        self.scaler.update()
        return self.model(x)
"""
)

template("two_loss_scaler", "(3, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head_a = nn.Linear(16, 2)
        self.head_b = nn.Linear(16, 1)
        self.opt = torch.optim.SGD(self.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cpu")

    def forward(self, x):
        for head in (self.head_a, self.head_b):
            with torch.enable_grad():
                loss = head(self.shared(x)).pow(2).mean()
                self.scaler.scale(loss).backward()
            self.scaler.step(self.opt)
            {between}
        return self.head_a(self.shared(x))
"""
)

# ---------------------------------------------------------------- autocast device type (new)
template("autocast_encoder", "(2, 6, 16)")(
    """
class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return x + self.proj(F.scaled_dot_product_attention(q, k, v))


class Net(nn.Module):
    def __init__(self, dim=16, depth=2, amp_device={amp_dev}):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.amp_device = amp_device

    def forward(self, x):
        with torch.autocast({where}, dtype=torch.bfloat16):
            for blk in self.blocks:
                x = blk(x)
        return x.float()
"""
)

template("mixed_precision_eval", "(4, 3, 8, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        with torch.autocast(device_type={dt}, dtype=torch.bfloat16):
            h = self.pool(self.features(x)).flatten(1)
            out = self.fc(h)
        return out.float()
"""
)

# ================================================================ earlier classes, new code shapes
# ---------------------------------------------------------------- load_state_dict (earlier class)
template("checkpoint_resume_cfg", "(4, 16)")(
    """
from dataclasses import dataclass, replace


@dataclass
class ModelConfig:
    dim: int = 16
    hidden: int = 32
    classes: int = 4


class Classifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg.dim, cfg.hidden)
        self.fc2 = nn.Linear(cfg.hidden, cfg.classes)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, cfg=ModelConfig()):
        super().__init__()
        self.cfg = cfg
        self.model = Classifier(cfg)

    def forward(self, x):
        donor = Classifier({donor_cfg})
        state = {state}
        self.model.load_state_dict(state{strict})
        return self.model(x)
"""
)

template("wrapped_ckpt_loader", "(2, 3, 8, 8)")(
    """
class Backbone(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(3, width, 3, padding=1)
        self.bn = nn.BatchNorm2d(width)
        self.fc = nn.Linear(width, 5)

    def forward(self, x):
        return self.fc(F.relu(self.bn(self.conv(x))).mean((2, 3)))


class Wrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, x):
        return self.module(x)


class Net(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.net = Backbone(width)
        self.width = width

    def forward(self, x):
        saved = Wrapper(Backbone(self.width)).state_dict()
        {load}
        return self.net(x)
"""
)

# ---------------------------------------------------------------- autograd without a graph (earlier)
template("gradient_penalty_second_order", "(4, 6)")(
    """
class Critic(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.Softplus(), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.critic = Critic(dim)

    def forward(self, x):
        with torch.enable_grad():
            xi = x.detach().requires_grad_()
            score = self.critic(xi)
            (g,) = torch.autograd.grad(score.sum(), xi{create})
            penalty = (g.norm(dim=1) - 1).pow(2).mean()
            {second}
        return score.detach() + penalty.detach()
"""
)

template("forgot_enable_grad_step", "(5, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        self.decoder = nn.Linear(4, 8)
        self.opt = torch.optim.Adam(self.parameters(), lr=1e-3)

    def fit_step(self, x):
        recon = self.decoder(self.encoder(x))
        loss = F.mse_loss(recon, x)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss

    {wrap}
    def forward(self, x):
        loss = self.fit_step(x)
        return self.encoder(x) + loss.detach()
"""
)

# ---------------------------------------------------------------- in-place update of a leaf (earlier)
template("manual_sgd_loop", "(4, 10)")(
    """
class Net(nn.Module):
    def __init__(self, lr=0.1):
        super().__init__()
        self.lr = lr
        self.net = nn.Sequential(nn.Linear(10, 10), nn.Tanh(), nn.Linear(10, 1))

    @torch.enable_grad()
    def sgd_step(self, x):
        loss = self.net(x).pow(2).mean()
        loss.backward()
        for p in self.net.parameters():
            {update}
            p.grad = None
        return loss

    def forward(self, x):
        self.sgd_step(x)
        return self.net(x)
"""
)

# ---------------------------------------------------------------- a grad that is None (earlier)
template("frozen_embed_monitor", "(3, 7)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=2, dim=12):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.emb.weight.requires_grad_(False)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)
        self.opt = torch.optim.SGD([p for p in self.parameters() if p.requires_grad], lr=0.1)

    def forward(self, x):
        with torch.enable_grad():
            h, _ = self.rnn(self.emb(x))
            logits = self.head(h)
            loss = F.cross_entropy(logits[:, :-1].flatten(0, 1), x[:, 1:].flatten())
            loss.backward()
        {monitor}
        self.opt.step()
        return logits.detach() + gnorm
"""
)

# ---------------------------------------------------------------- autocast output dtype (earlier)
template("amp_residual_mix", "(4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, dim=16, experts=2):
        super().__init__()
        self.inner = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.outer = nn.Linear(dim, dim)
        self.experts = experts

    def forward(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            h = self.inner(x)
        out = torch.zeros_like(x)
        mask = x[:, 0] > 0
        {sink}
        return out
"""
)

# ---------------------------------------------------------------- heads through config (earlier)
template("config_attention_unflatten", "(2, 5, 24)")(
    """
from dataclasses import dataclass


@dataclass
class AttnConfig:
    dim: int = 24
    heads: int = {heads}
    qkv_dim: int = {qkv}


class SelfAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg.heads
        self.head_dim = cfg.qkv_dim // cfg.heads
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.qkv_dim)
        self.out = nn.Linear(cfg.qkv_dim, cfg.dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.unflatten(-1, (self.heads, self.head_dim)).transpose(1, 2) for t in (q, k, v))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(o.transpose(1, 2).flatten(2))


class Net(nn.Module):
    def __init__(self, cfg=AttnConfig()):
        super().__init__()
        self.layers = nn.ModuleList([SelfAttention(cfg) for _ in range(2)])
        self.norm = nn.LayerNorm(cfg.dim)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(self.norm(x))
        return x
"""
)

# ---------------------------------------------------------------- linear input through a loop (earlier)
template("cnn_head_from_loop", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self, widths=(8, 16, 32), classes=10):
        super().__init__()
        layers, c = [], 3
        for w in widths:
            layers += [nn.Conv2d(c, w, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            c = w
        self.features = nn.Sequential(*layers)
        side = 16 // 2 ** len(widths)
        self.head = nn.Linear({in_feat}, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))
"""
)

# ---------------------------------------------------------------- GRU input width (earlier)
template("seq2seq_gru_cfg", "(2, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class Seq2SeqConfig:
    vocab: int = 2
    emb: int = {emb}
    hidden: int = 16


class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.emb)
        self.rnn = nn.GRU(cfg.hidden, cfg.hidden, batch_first=True)

    def forward(self, ids):
        return self.rnn(self.emb(ids))[1]


class Decoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.emb)
        self.rnn = nn.GRU({dec_in}, cfg.hidden, batch_first=True)
        self.out = nn.Linear(cfg.hidden, cfg.vocab)

    def forward(self, ids, h):
        o, _ = self.rnn(self.emb(ids), h)
        return self.out(o)


class Net(nn.Module):
    def __init__(self, cfg=Seq2SeqConfig()):
        super().__init__()
        self.enc = Encoder(cfg)
        self.dec = Decoder(cfg)

    def forward(self, x):
        return self.dec(x, self.enc(x))
"""
)

# ---------------------------------------------------------------- grouped kv heads (earlier)
template("gqa_repeat_cfg", "(2, 4, 32)")(
    """
class Attention(nn.Module):
    def __init__(self, dim=32, n_head=8, n_kv={n_kv}):
        super().__init__()
        self.n_head, self.n_kv = n_head, n_kv
        self.hd = dim // n_head
        self.q = nn.Linear(dim, n_head * self.hd)
        self.kv = nn.Linear(dim, 2 * n_kv * self.hd)
        self.o = nn.Linear(n_head * self.hd, dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.n_head, self.hd).transpose(1, 2)
        k, v = self.kv(x).view(b, t, 2 * self.n_kv, self.hd).transpose(1, 2).chunk(2, dim=1)
        rep = {rep}
        k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        att = torch.softmax(q @ k.transpose(-2, -1) / self.hd**0.5, dim=-1)
        return self.o((att @ v).transpose(1, 2).reshape(b, t, -1))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()
        self.mlp = nn.Sequential(nn.Linear(32, 64), nn.SiLU(), nn.Linear(64, 32))

    def forward(self, x):
        x = x + self.attn(x)
        return x + self.mlp(x)
"""
)

# ---------------------------------------------------------------- distribution parameters (earlier)
template("gaussian_policy_cfg", "(4, 6)")(
    """
from dataclasses import dataclass

from torch.distributions import Normal


@dataclass
class PolicyConfig:
    obs: int = 6
    act: int = 2
    min_std: float = {min_std}


class Net(nn.Module):
    def __init__(self, cfg=PolicyConfig()):
        super().__init__()
        self.cfg = cfg
        self.body = nn.Sequential(nn.Linear(cfg.obs, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh())
        self.mu = nn.Linear(32, cfg.act)
        self.log_std = nn.Parameter(torch.full((cfg.act,), -30.0))

    def forward(self, x):
        h = self.body(x)
        std = {std}
        dist = Normal(self.mu(h), std)
        a = dist.rsample()
        return dist.log_prob(a).sum(-1, keepdim=True)
"""
)

# ---------------------------------------------------------------- top-k in a decode loop (earlier)
template("beam_decode_loop", "(2, 3)", "tokens")(
    """
class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.out(self.emb(ids).mean(1))


class Net(nn.Module):
    def __init__(self, vocab=6, beams={beams}, steps=3):
        super().__init__()
        self.lm = TinyLM(vocab, 8)
        self.beams, self.steps = beams, steps

    def forward(self, x):
        seqs = x
        scores = torch.zeros(x.shape[0], 1)
        for _ in range(self.steps):
            logp = torch.log_softmax(self.lm(seqs), dim=-1)
            cand = (scores + logp).flatten()
            top, idx = cand.topk({k})
            seqs = torch.cat([seqs[: 1].expand(len(idx), -1), (idx % logp.shape[-1])[:, None]], dim=1)
            scores = top[:, None]
        return scores
"""
)

# ---------------------------------------------------------------- position table in decode loop (earlier)
template("greedy_decode_positions", "(2, 4)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class GPTConfig:
    vocab: int = 2
    block_size: int = 8
    dim: int = 16
    max_new_tokens: int = {new}


class GPT(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.tok = nn.Embedding(cfg.vocab, cfg.dim)
        self.pos = nn.Embedding(cfg.block_size, cfg.dim)
        self.block = nn.TransformerEncoderLayer(cfg.dim, 2, 32, batch_first=True)
        self.head = nn.Linear(cfg.dim, cfg.vocab)

    def forward(self, idx):
        t = idx.shape[1]
        h = self.tok(idx) + self.pos(torch.arange(t))
        return self.head(self.block(h))


class Net(nn.Module):
    def __init__(self, cfg=GPTConfig()):
        super().__init__()
        self.cfg = cfg
        self.gpt = GPT(cfg)

    def forward(self, x):
        idx = x
        for _ in range(self.cfg.max_new_tokens):
            ctx = {ctx}
            nxt = self.gpt(ctx)[:, -1].argmax(-1, keepdim=True)
            idx = torch.cat([idx, nxt], dim=1)
        return idx.float()
"""
)

# ---------------------------------------------------------------- MoE experts by config (earlier)
template("moe_cfg_dispatch", "(6, 8)")(
    """
from dataclasses import dataclass


@dataclass
class MoEConfig:
    dim: int = 8
    experts: int = 4
    router_out: int = {router_out}


class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, cfg=MoEConfig()):
        super().__init__()
        self.router = nn.Linear(cfg.dim, cfg.router_out)
        self.experts = nn.ModuleList([Expert(cfg.dim) for _ in range(cfg.experts)])

    def forward(self, x):
        choice = self.router(x).argmax(-1)
        out = torch.zeros_like(x)
        for e in range({loop}):
            sel = choice == e
            out[sel] = self.experts[e](x[sel])
        return out
"""
)

# ---------------------------------------------------------------- U-Net widths through a loop (earlier)
template("unet_loop_widths", "(1, 3, {hw}, {hw})")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU())

    def forward(self, x):
        return self.conv(x)


class Net(nn.Module):
    def __init__(self, base=8, depth=2):
        super().__init__()
        chans = [base * 2**i for i in range(depth + 1)]
        self.inc = nn.Conv2d(3, chans[0], 3, padding=1)
        self.downs = nn.ModuleList([Down(chans[i], chans[i + 1]) for i in range(depth)])
        self.ups = nn.ModuleList(
            [nn.Conv2d({up_in}, chans[i], 3, padding=1) for i in reversed(range(depth))]
        )

    def forward(self, x):
        h = self.inc(x)
        skips = []
        for down in self.downs:
            skips.append(h)
            h = down(F.max_pool2d(h, 2))
        for up in self.ups:
            s = skips.pop()
            h = F.interpolate(h, scale_factor=2)
            h = up(torch.cat([h, s], dim=1))
        return h
"""
)

# ---------------------------------------------------------------- LM loss in a train step (earlier)
template("lm_train_step", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=2, dim=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.lm_head = nn.Linear(dim, vocab)
        self.opt = torch.optim.AdamW(self.parameters(), lr=3e-4)

    def forward(self, x):
        inp, tgt = x[:, :-1], x[:, 1:]
        with torch.enable_grad():
            logits = self.lm_head(self.body(self.emb(inp)))
            loss = {loss}
            self.opt.zero_grad()
            loss.backward()
        self.opt.step()
        return logits.detach() + {report}
"""
)

# ---------------------------------------------------------------- ViT patchify by reshape (earlier)
template("vit_reshape_cfg", "(2, 3, {img}, {img})")(
    """
from dataclasses import dataclass


@dataclass
class ViTConfig:
    image: int = {img}
    patch: int = {patch}
    dim: int = 32


class Net(nn.Module):
    def __init__(self, cfg=ViTConfig()):
        super().__init__()
        self.p = cfg.patch
        self.n = (cfg.image // cfg.patch) ** 2
        self.embed = nn.Linear(3 * cfg.patch * cfg.patch, cfg.dim)
        self.pos = nn.Parameter(torch.zeros(1, self.n, cfg.dim))
        self.encoder = nn.TransformerEncoderLayer(cfg.dim, 4, 64, batch_first=True)

    def forward(self, x):
        b, c, h, w = x.shape
        p = self.p
        x = x.view(b, c, h // p, p, w // p, p).permute(0, 2, 4, 1, 3, 5).reshape(b, -1, c * p * p)
        return self.encoder(self.embed(x) + self.pos).mean(1)
"""
)

# ---------------------------------------------------------------- GroupNorm groups in a res block (earlier)
template("resblock_groupnorm_cfg", "(1, 8, 8, 8)")(
    """
class ResBlock(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.groups = groups
        self.c1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.c2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):
        h = self.c1(F.silu(F.group_norm(x, self.groups)))
        h = self.c2(F.silu(F.group_norm(h, self.groups)))
        return h + self.skip(x)


class Net(nn.Module):
    def __init__(self, base=8, mults=(1, {mult}), groups={groups}):
        super().__init__()
        blocks, c = [], base
        for m in mults:
            blocks.append(ResBlock(c, base * m, groups))
            c = base * m
        self.blocks = nn.Sequential(*blocks)

    def forward(self, x):
        return self.blocks(x)
"""
)

# ---------------------------------------------------------------- residual width drift (earlier)
template("prenorm_ffn_cfg", "(2, 5, 24)")(
    """
from dataclasses import dataclass


@dataclass
class BlockConfig:
    dim: int = 24
    ffn_mult: int = 4
    out_dim: int = {out_dim}


class FeedForward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.up = nn.Linear(cfg.dim, cfg.dim * cfg.ffn_mult)
        self.down = nn.Linear(cfg.dim * cfg.ffn_mult, cfg.out_dim)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


class Net(nn.Module):
    def __init__(self, cfg=BlockConfig(), depth=2):
        super().__init__()
        self.norms = nn.ModuleList([nn.LayerNorm(cfg.dim) for _ in range(depth)])
        self.ffns = nn.ModuleList([FeedForward(cfg) for _ in range(depth)])

    def forward(self, x):
        for norm, ffn in zip(self.norms, self.ffns):
            x = x + ffn(norm(x))
        return x
"""
)

# ---------------------------------------------------------------- timestep embedding width (earlier)
template("diffusion_denoiser_cfg", "(2, 3, 8, 8)")(
    """
import math
from dataclasses import dataclass


@dataclass
class DiffusionConfig:
    channels: int = 16
    time_dim: int = {time_dim}


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = torch.exp(-math.log(10000) * torch.arange(half) / half)
    ang = t[:, None].float() * freqs[None]
    return torch.cat([ang.sin(), ang.cos()], dim=-1)


class Net(nn.Module):
    def __init__(self, cfg=DiffusionConfig()):
        super().__init__()
        self.cfg = cfg
        self.time_mlp = nn.Sequential(nn.Linear(cfg.time_dim, cfg.channels), nn.SiLU())
        self.conv_in = nn.Conv2d(3, cfg.channels, 3, padding=1)
        self.conv_out = nn.Conv2d(cfg.channels, 3, 3, padding=1)

    def forward(self, x):
        t = torch.full((x.shape[0],), 10)
        emb = self.time_mlp(timestep_embedding(t, self.cfg.time_dim))
        h = F.silu(self.conv_in(x) + emb[:, :, None, None])
        return self.conv_out(h)
"""
)

# ---------------------------------------------------------------- a config LM, one value changed (earlier)
template("config_transformer_lm", "(2, 6)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class LMConfig:
    vocab: int = 2
    dim: int = 32
    heads: int = {heads}
    kv_heads: int = {kv}
    ffn_out: int = {ffn_out}
    block: int = {block}


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.h, self.kv = cfg.heads, cfg.kv_heads
        self.hd = cfg.dim // cfg.heads
        self.wq = nn.Linear(cfg.dim, cfg.dim)
        self.wkv = nn.Linear(cfg.dim, 2 * cfg.kv_heads * self.hd)
        self.wo = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k, v = self.wkv(x).view(b, t, 2 * self.kv, self.hd).transpose(1, 2).split(self.kv, dim=1)
        k = k.repeat_interleave(self.h // self.kv, dim=1)
        v = v.repeat_interleave(self.h // self.kv, dim=1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n1 = nn.LayerNorm(cfg.dim)
        self.attn = Attention(cfg)
        self.n2 = nn.LayerNorm(cfg.dim)
        self.ff = nn.Sequential(nn.Linear(cfg.dim, 4 * cfg.dim), nn.GELU(), nn.Linear(4 * cfg.dim, cfg.ffn_out))

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.ff(self.n2(x))


class Net(nn.Module):
    def __init__(self, cfg=LMConfig(), depth=2):
        super().__init__()
        self.tok = nn.Embedding(cfg.vocab, cfg.dim)
        self.pos = nn.Embedding(cfg.block, cfg.dim)
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(depth)])
        self.head = nn.Linear(cfg.dim, cfg.vocab)

    def forward(self, x):
        h = self.tok(x) + self.pos(torch.arange(x.shape[1]))
        for blk in self.blocks:
            h = blk(h)
        return self.head(h)
"""
)

# ---------------------------------------------------------------- a config CNN, one value changed (earlier)
template("config_cnn_classifier", "(2, 3, 16, 16)")(
    """
from dataclasses import dataclass


@dataclass
class CNNConfig:
    in_ch: int = 3
    stem: int = {stem}
    widths: tuple = (16, 32)
    groups: int = {groups}
    classes: int = 5


class Stage(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=2, padding=1)
        self.groups = groups

    def forward(self, x):
        return F.relu(F.group_norm(self.conv(x), self.groups))


class Net(nn.Module):
    def __init__(self, cfg=CNNConfig()):
        super().__init__()
        self.stem = nn.Conv2d(cfg.in_ch, cfg.stem, 3, padding=1)
        stages, c = [], {first_in}
        for w in cfg.widths:
            stages.append(Stage(c, w, cfg.groups))
            c = w
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear({fc_in}, cfg.classes)

    def forward(self, x):
        h = self.stages(F.relu(self.stem(x)))
        return self.fc(h.mean((2, 3)))
"""
)

# ---------------------------------------------------------------- a config tagger trained in forward (earlier)
template("seq_tagger_train_cfg", "(3, 7)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class TaggerConfig:
    vocab: int = 2
    emb: int = {emb}
    hidden: int = 16
    tags: int = 3


class Net(nn.Module):
    def __init__(self, cfg=TaggerConfig()):
        super().__init__()
        self.cfg = cfg
        self.emb = nn.Embedding(cfg.vocab, cfg.emb)
        self.lstm = nn.LSTM({lstm_in}, cfg.hidden, batch_first=True)
        self.out = nn.Linear(cfg.hidden, cfg.tags)
        self.opt = torch.optim.SGD(self.parameters(), lr=0.1)

    def forward(self, x):
        tags = x.cumsum(1) % self.cfg.tags
        with torch.enable_grad():
            h, _ = self.lstm(self.emb(x))
            logits = self.out(h)
            loss = {loss}
            self.opt.zero_grad()
            loss.backward()
        self.opt.step()
        return logits.detach()
"""
)

# ---------------------------------------------------------------- third code shapes for earlier classes
template("wgan_clip_step", "(4, 6)")(
    """
class Critic(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, dim=6, clip=0.01):
        super().__init__()
        self.critic = Critic(dim)
        self.clip = clip
        self.opt = torch.optim.RMSprop(self.critic.parameters(), lr=5e-5)

    def forward(self, x):
        with torch.enable_grad():
            loss = -self.critic(x).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            for p in self.critic.parameters():
                {clip}
        return self.critic(x)
"""
)

template("aux_head_grad_log", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, dim=10):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, 20), nn.ReLU())
        self.main_head = nn.Linear(20, 3)
        self.aux_head = nn.Linear(20, 2)
        self.use_aux = {use_aux}

    def forward(self, x):
        with torch.enable_grad():
            h = self.trunk(x)
            loss = self.main_head(h).logsumexp(-1).mean()
            if self.use_aux:
                loss = loss + 0.1 * self.aux_head(h).pow(2).mean()
            loss.backward()
        norms = {norms}
        return self.main_head(h.detach()) * norms.mean()
"""
)

template("amp_moe_dispatch", "(6, 8)")(
    """
class Expert(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return self.fc2(F.silu(self.fc1(x)))


class Net(nn.Module):
    def __init__(self, dim=8, n_exp=2):
        super().__init__()
        self.gate = nn.Linear(dim, n_exp)
        self.experts = nn.ModuleList([Expert(dim) for _ in range(n_exp)])
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        choice = self.gate(x).argmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero().squeeze(-1)
            with torch.autocast("cpu", dtype=torch.bfloat16):
                y = expert(x[idx])
            {merge}
        return self.norm(out)
"""
)

template("retrieval_topk_cfg", "(3, 16)")(
    """
from dataclasses import dataclass


@dataclass
class RetrievalConfig:
    dim: int = 16
    bank: int = {bank}
    k: int = {k}


class Net(nn.Module):
    def __init__(self, cfg=RetrievalConfig()):
        super().__init__()
        self.cfg = cfg
        self.query = nn.Sequential(nn.Linear(cfg.dim, cfg.dim), nn.Tanh(), nn.Linear(cfg.dim, cfg.dim))
        self.register_buffer("memory", torch.randn(cfg.bank, cfg.dim))
        self.out = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        q = F.normalize(self.query(x), dim=-1)
        scores = q @ F.normalize(self.memory, dim=-1).T
        top, idx = scores.topk(self.cfg.k, dim=-1)
        ctx = (torch.softmax(top, -1)[..., None] * self.memory[idx]).sum(1)
        return self.out(x + ctx)
"""
)

template("early_exit_heads", "(4, 12)")(
    """
class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + F.gelu(self.fc(x)))


class Net(nn.Module):
    def __init__(self, dim=12, depth=4, classes=3):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.exits = nn.ModuleList([nn.Linear(dim, classes) for _ in range({n_exits})])

    def forward(self, x):
        outs = []
        for i, blk in enumerate(self.blocks):
            x = blk(x)
            outs.append(self.exits[{exit_index}](x))
        return torch.stack(outs).mean(0)
"""
)

template("unet1d_audio", "(2, 1, {length})")(
    """
class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
        self.norm = nn.BatchNorm1d(cout)

    def forward(self, x):
        return F.relu(self.norm(self.conv(x)))


class Net(nn.Module):
    def __init__(self, levels=3, base=4):
        super().__init__()
        widths = [base * 2**i for i in range(levels + 1)]
        self.inc = ConvBlock(1, widths[0])
        self.down = nn.ModuleList([ConvBlock(widths[i], widths[i + 1]) for i in range(levels)])
        self.up = nn.ModuleList([ConvBlock(widths[i + 1] + widths[i], widths[i]) for i in reversed(range(levels))])
        self.out = nn.Conv1d(widths[0], 1, 1)

    def forward(self, x):
        h = self.inc(x)
        skips = []
        for d in self.down:
            skips.append(h)
            h = d(F.avg_pool1d(h, 2))
        for u in self.up:
            h = F.interpolate(h, {up})
            h = u(torch.cat([h, skips.pop()], dim=1))
        return self.out(h)
"""
)

template("mae_patch_mask", "(2, 3, {img}, {img})")(
    """
def patchify(imgs, p):
    b, c, h, w = imgs.shape
    x = imgs.reshape(b, c, h // p, p, w // p, p)
    return x.permute(0, 2, 4, 3, 5, 1).reshape(b, (h // p) * (w // p), p * p * c)


class Net(nn.Module):
    def __init__(self, patch={patch}, dim=24, mask_ratio=0.75):
        super().__init__()
        self.patch = patch
        self.mask_ratio = mask_ratio
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.encoder = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())
        self.decoder = nn.Linear(dim, 3 * patch * patch)

    def forward(self, x):
        target = patchify(x, self.patch)
        n = target.shape[1]
        keep = max(1, int(n * (1 - self.mask_ratio)))
        ids = torch.rand(x.shape[0], n).argsort(-1)[:, :keep]
        vis = torch.gather(target, 1, ids[..., None].expand(-1, -1, target.shape[-1]))
        pred = self.decoder(self.encoder(self.embed(vis)))
        return (pred - vis).pow(2).mean()
"""
)

template("time_conditioned_block", "(2, {ch}, 8, 8)")(
    """
import math


def sinusoidal(t, dim):
    half = dim // 2
    f = torch.exp(-math.log(10000.0) * torch.arange(half, dtype=torch.float32) / half)
    a = t.float()[:, None] * f[None]
    return torch.cat([torch.sin(a), torch.cos(a)], dim=1)


class ResBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.ch = ch
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x, t):
        h = F.silu(self.conv1(x))
        h = h + sinusoidal(t, {emb_dim})[:, :, None, None]
        return x + self.conv2(F.silu(h))


class Net(nn.Module):
    def __init__(self, ch={ch}):
        super().__init__()
        self.blocks = nn.ModuleList([ResBlock(ch) for _ in range(2)])

    def forward(self, x):
        t = torch.arange(x.shape[0]) * 100
        for blk in self.blocks:
            x = blk(x, t)
        return x
"""
)


VARIANTS = [
    # optimizer with no parameters (new class optimizer_empty_params)
    ("finetune_head_trainer", "ok", "clean", {"freeze": "pass", "cond": 'n.startswith("head")'}),
    (
        "finetune_head_trainer",
        "ok_requires_grad",
        "clean",
        {"freeze": "self.backbone.requires_grad_(False)", "cond": "p.requires_grad"},
    ),
    (
        "finetune_head_trainer",
        "head_typo",
        "optimizer_empty_params",
        {"freeze": "pass", "cond": 'n.startswith("heads")'},
    ),
    (
        "finetune_head_trainer",
        "all_frozen",
        "optimizer_empty_params",
        {"freeze": "self.requires_grad_(False)", "cond": "p.requires_grad"},
    ),
    (
        "adapter_tuning_step",
        "ok",
        "clean",
        {"bneck": "4", "params": "list(self.adapter.parameters())"},
    ),
    (
        "adapter_tuning_step",
        "ok_tuple",
        "clean",
        {"bneck": "4", "params": "tuple(self.adapter.parameters())"},
    ),
    (
        "adapter_tuning_step",
        "generator_consumed",
        "optimizer_empty_params",
        {"bneck": "4", "params": "self.adapter.parameters()"},
    ),
    (
        "adapter_tuning_step",
        "no_adapter_late",
        "optimizer_empty_params",
        {"bneck": "0", "params": "list(self.adapter.parameters())"},
    ),
    # autograd.grad with no inputs (new class autograd_grad_empty_inputs)
    ("meta_inner_loop", "ok", "clean", {"params": "list(self.body.parameters())"}),
    (
        "meta_inner_loop",
        "ok_matrix_filter",
        "clean",
        {"params": "[p for p in self.body.parameters() if p.dim() >= 2]"},
    ),
    (
        "meta_inner_loop",
        "rank3_filter",
        "autograd_grad_empty_inputs",
        {"params": "[p for p in self.body.parameters() if p.dim() > 2]"},
    ),
    (
        "meta_inner_loop",
        "named_filter",
        "autograd_grad_empty_inputs",
        {"params": '[p for n, p in self.body.named_parameters() if n.startswith("layers")]'},
    ),
    (
        "saliency_by_layer",
        "ok",
        "clean",
        {"affine": "True", "watched": "[self.stem.weight, self.fc.weight]"},
    ),
    (
        "saliency_by_layer",
        "ok_norm",
        "clean",
        {"affine": "True", "watched": "list(self.norm.parameters())"},
    ),
    (
        "saliency_by_layer",
        "norm_no_affine",
        "autograd_grad_empty_inputs",
        {"affine": "False", "watched": "list(self.norm.parameters())"},
    ),
    (
        "saliency_by_layer",
        "conv1d_filter_cfg",
        "autograd_grad_empty_inputs",
        {
            "affine": "True",
            "watched": "[m.weight for m in self.modules() if isinstance(m, nn.Conv1d)]",
        },
    ),
    # a parameter in two groups (new class optimizer_param_group_overlap)
    (
        "layerwise_lr_groups",
        "ok",
        "clean",
        {"head_params": "self.head.parameters()", "extra": "pass"},
    ),
    (
        "layerwise_lr_groups",
        "ok_new_group",
        "clean",
        {
            "head_params": "self.head.parameters()",
            "extra": "opt.add_param_group(dict(params=[nn.Parameter(torch.zeros(1))], lr=1e-3))",
        },
    ),
    (
        "layerwise_lr_groups",
        "all_params_head",
        "optimizer_param_group_overlap",
        {"head_params": "self.parameters()", "extra": "pass"},
    ),
    (
        "layerwise_lr_groups",
        "add_last_block",
        "optimizer_param_group_overlap",
        {
            "head_params": "self.head.parameters()",
            "extra": "opt.add_param_group(dict(params=self.blocks[-1].parameters(), lr=5e-4))",
        },
    ),
    ("weight_decay_split", "ok", "clean", {"decay_cond": 'not ("bias" in n or "norm" in n)'}),
    ("weight_decay_split", "ok_dim", "clean", {"decay_cond": "p.dim() >= 2"}),
    (
        "weight_decay_split",
        "weight_named",
        "optimizer_param_group_overlap",
        {"decay_cond": '"weight" in n'},
    ),
    (
        "weight_decay_split",
        "every_param_model",
        "optimizer_param_group_overlap",
        {"decay_cond": "p.requires_grad"},
    ),
    # optimizer hyper-parameters out of range (new class optimizer_hparam_range)
    (
        "config_trainer_mlp",
        "ok",
        "clean",
        {
            "momentum": "0.9",
            "beta2": "0.999",
            "opt": "torch.optim.SGD(self.parameters(), lr=cfg.lr, momentum=cfg.momentum, nesterov=True)",
        },
    ),
    (
        "config_trainer_mlp",
        "nesterov_no_momentum",
        "optimizer_hparam_range",
        {
            "momentum": "0.0",
            "beta2": "0.999",
            "opt": "torch.optim.SGD(self.parameters(), lr=cfg.lr, momentum=cfg.momentum, nesterov=True)",
        },
    ),
    (
        "config_trainer_mlp",
        "ok_adam",
        "clean",
        {
            "momentum": "0.9",
            "beta2": "0.999",
            "opt": "torch.optim.Adam(self.parameters(), lr=cfg.lr, betas=(cfg.momentum, cfg.beta2))",
        },
    ),
    (
        "config_trainer_mlp",
        "beta2_one",
        "optimizer_hparam_range",
        {
            "momentum": "0.9",
            "beta2": "1.0",
            "opt": "torch.optim.Adam(self.parameters(), lr=cfg.lr, betas=(cfg.momentum, cfg.beta2))",
        },
    ),
    (
        "config_trainer_mlp",
        "ok_zero_lr",
        "clean",
        {
            "momentum": "0.9",
            "beta2": "0.999",
            "opt": "torch.optim.SGD(self.parameters(), lr=cfg.lr * (1 - cfg.warmup / 5))",
        },
    ),
    (
        "config_trainer_mlp",
        "warmup_lr_negative",
        "optimizer_hparam_range",
        {
            "momentum": "0.9",
            "beta2": "0.999",
            "opt": "torch.optim.SGD(self.parameters(), lr=cfg.lr * (1 - cfg.warmup / 4))",
        },
    ),
    ("rmsprop_critic_step", "ok", "clean", {"hp": "alpha=0.99, eps=1e-8"}),
    ("rmsprop_critic_step", "ok_alpha_zero", "clean", {"hp": "alpha=0.0, eps=1e-8"}),
    ("rmsprop_critic_step", "eps_sign", "optimizer_hparam_range", {"hp": "alpha=0.99, eps=-1e-8"}),
    (
        "rmsprop_critic_step",
        "momentum_negative",
        "optimizer_hparam_range",
        {"hp": "alpha=0.99, momentum=-0.9"},
    ),
    # optimizer step without its closure (new class optimizer_closure_missing)
    ("temperature_calibrator", "ok", "clean", {"step": "opt.step(closure)"}),
    ("temperature_calibrator", "ok_lambda", "clean", {"step": "opt.step(lambda: closure())"}),
    (
        "temperature_calibrator",
        "no_closure",
        "optimizer_closure_missing",
        {"step": "closure()\n            opt.step()"},
    ),
    (
        "temperature_calibrator",
        "loss_as_closure",
        "optimizer_closure_missing",
        {"step": "loss = closure()\n            opt.step(loss)"},
    ),
    ("sgd_train_step_model", "ok", "clean", {"arg": ""}),
    ("sgd_train_step_model", "ok_closure", "clean", {"arg": "lambda: loss"}),
    ("sgd_train_step_model", "loss_passed", "optimizer_closure_missing", {"arg": "loss"}),
    ("sgd_train_step_model", "item_passed", "optimizer_closure_missing", {"arg": "loss.item()"}),
    # optimizer state dict that does not fit (new class optimizer_state_dict_mismatch)
    ("resume_optimizer_state", "ok", "clean", {"old_split": "True", "saved": "old.state_dict()"}),
    (
        "resume_optimizer_state",
        "ok_copied",
        "clean",
        {"old_split": "True", "saved": "dict(old.state_dict())"},
    ),
    (
        "resume_optimizer_state",
        "single_group",
        "optimizer_state_dict_mismatch",
        {"old_split": "False", "saved": "old.state_dict()"},
    ),
    (
        "resume_optimizer_state",
        "model_state",
        "optimizer_state_dict_mismatch",
        {"old_split": "True", "saved": "self.state_dict()"},
    ),
    (
        "ema_resume_trainer",
        "ok",
        "clean",
        {"opt_params": "self.student.parameters()", "which": 'checkpoint["optim"]'},
    ),
    (
        "ema_resume_trainer",
        "ok_list",
        "clean",
        {"opt_params": "list(self.student.parameters())", "which": 'checkpoint["optim"]'},
    ),
    (
        "ema_resume_trainer",
        "model_key",
        "optimizer_state_dict_mismatch",
        {"opt_params": "self.student.parameters()", "which": 'checkpoint["model"]'},
    ),
    (
        "ema_resume_trainer",
        "all_params",
        "optimizer_state_dict_mismatch",
        {"opt_params": "self.parameters()", "which": 'checkpoint["optim"]'},
    ),
    # scheduler given something else (new class scheduler_not_optimizer)
    ("warmup_schedule_model", "ok", "clean", {"target": "opt"}),
    ("warmup_schedule_model", "ok_keyword", "clean", {"target": "optimizer=opt"}),
    ("warmup_schedule_model", "model_passed", "scheduler_not_optimizer", {"target": "self"}),
    (
        "warmup_schedule_model",
        "params_passed",
        "scheduler_not_optimizer",
        {"target": "self.parameters()"},
    ),
    ("lambda_warmup_head", "ok", "clean", {"target": "opt", "lam": "warmup_factor"}),
    ("lambda_warmup_head", "ok_list_lambda", "clean", {"target": "opt", "lam": "[warmup_factor]"}),
    (
        "lambda_warmup_head",
        "param_groups",
        "scheduler_not_optimizer",
        {"target": "opt.param_groups", "lam": "warmup_factor"},
    ),
    (
        "lambda_warmup_head",
        "model_passed",
        "scheduler_not_optimizer",
        {"target": "self", "lam": "warmup_factor"},
    ),
    # scheduler stepped past its total (new class scheduler_steps_exhausted)
    ("one_cycle_loop", "ok", "clean", {"total": "cfg.steps", "loop": "cfg.steps"}),
    ("one_cycle_loop", "ok_spare_step", "clean", {"total": "cfg.steps + 1", "loop": "cfg.steps"}),
    (
        "one_cycle_loop",
        "zero_based_total",
        "scheduler_steps_exhausted",
        {"total": "cfg.steps - 1", "loop": "cfg.steps"},
    ),
    (
        "one_cycle_loop",
        "extra_step",
        "scheduler_steps_exhausted",
        {"total": "cfg.steps", "loop": "cfg.steps + 1"},
    ),
    ("one_cycle_epochs", "ok", "clean", {"spe": "len(loader)"}),
    ("one_cycle_epochs", "ok_ceil", "clean", {"spe": "math.ceil(x.shape[0] / self.batch)"}),
    (
        "one_cycle_epochs",
        "floor_division",
        "scheduler_steps_exhausted",
        {"spe": "x.shape[0] // self.batch"},
    ),
    (
        "one_cycle_epochs",
        "int_truncated",
        "scheduler_steps_exhausted",
        {"spe": "int(x.shape[0] / self.batch)"},
    ),
    # SequentialLR milestones (new class scheduler_milestones_count)
    ("warmup_cosine_seq", "ok", "clean", {"ms": "[cfg.warmup]"}),
    ("warmup_cosine_seq", "ok_tuple", "clean", {"ms": "(cfg.warmup,)"}),
    (
        "warmup_cosine_seq",
        "end_milestone",
        "scheduler_milestones_count",
        {"ms": "[cfg.warmup, cfg.total]"},
    ),
    ("warmup_cosine_seq", "bare_int", "scheduler_milestones_count", {"ms": "cfg.warmup"}),
    ("three_phase_schedule", "ok", "clean", {"ms": "[self.warm, self.warm + self.hold]"}),
    ("three_phase_schedule", "one_milestone", "scheduler_milestones_count", {"ms": "[self.warm]"}),
    (
        "three_phase_schedule",
        "three_milestones_loop",
        "scheduler_milestones_count",
        {"ms": "[self.warm, self.hold, self.warm + self.hold]"},
    ),
    # scheduler settings out of range (new class scheduler_hparam_range)
    ("restart_schedule_cfg", "ok", "clean", {"cycles": "2", "growth": "1"}),
    ("restart_schedule_cfg", "ok_growth_2", "clean", {"cycles": "3", "growth": "2"}),
    (
        "restart_schedule_cfg",
        "too_many_cycles",
        "scheduler_hparam_range",
        {"cycles": "8", "growth": "1"},
    ),
    (
        "restart_schedule_cfg",
        "fractional_growth",
        "scheduler_hparam_range",
        {"cycles": "2", "growth": "1.5"},
    ),
    ("linear_warmup_block", "ok", "clean", {"start": "0.1"}),
    ("linear_warmup_block", "ok_one", "clean", {"start": "1.0"}),
    ("linear_warmup_block", "from_zero", "scheduler_hparam_range", {"start": "0.0"}),
    ("linear_warmup_block", "above_one", "scheduler_hparam_range", {"start": "2.0"}),
    # a batch of unequal samples (new class collate_unequal_sizes)
    ("padded_batch_tagger", "ok", "clean", {"collate": ", collate_fn=pad_collate"}),
    (
        "padded_batch_tagger",
        "ok_lambda",
        "clean",
        {"collate": ", collate_fn=lambda b: pad_sequence(b, batch_first=True, padding_value=1)"},
    ),
    ("padded_batch_tagger", "default_collate", "collate_unequal_sizes", {"collate": ""}),
    (
        "padded_batch_tagger",
        "stack_collate",
        "collate_unequal_sizes",
        {"collate": ", collate_fn=torch.stack"},
    ),
    ("dict_sample_loader", "ok", "clean", {"sizes": "[12, 12, 12, 12]"}),
    ("dict_sample_loader", "ok_pairs", "clean", {"sizes": "[12, 12, 8, 8]"}),
    ("dict_sample_loader", "ragged", "collate_unequal_sizes", {"sizes": "[12, 10, 12, 8]"}),
    (
        "dict_sample_loader",
        "ragged_last_cfg",
        "collate_unequal_sizes",
        {"sizes": "[12, 12, 12, 10]"},
    ),
    # DataLoader options (new class dataloader_args_invalid)
    ("loader_config_model", "ok", "clean", {"wb": "8", "opts": "shuffle=True"}),
    ("loader_config_model", "ok_sampler", "clean", {"wb": "8", "opts": "sampler=sampler"}),
    (
        "loader_config_model",
        "shuffle_and_sampler",
        "dataloader_args_invalid",
        {"wb": "8", "opts": "shuffle=True, sampler=sampler"},
    ),
    (
        "loader_config_model",
        "accum_zero_batch",
        "dataloader_args_invalid",
        {"wb": "1", "opts": "shuffle=True"},
    ),
    ("bucket_batch_sampler", "ok", "clean", {"opts": "batch_sampler=batches"}),
    ("bucket_batch_sampler", "ok_plain", "clean", {"opts": "batch_size=self.batch"}),
    (
        "bucket_batch_sampler",
        "with_batch_size",
        "dataloader_args_invalid",
        {"opts": "batch_sampler=batches, batch_size=self.batch"},
    ),
    (
        "bucket_batch_sampler",
        "with_shuffle",
        "dataloader_args_invalid",
        {"opts": "batch_sampler=batches, shuffle=True"},
    ),
    # TensorDataset sizes (new class tensordataset_size_mismatch)
    ("tensor_dataset_fit", "ok", "clean", {"labels": "targets[:, -1]"}),
    ("tensor_dataset_fit", "ok_any", "clean", {"labels": "targets.amax(1)"}),
    (
        "tensor_dataset_fit",
        "flat_targets",
        "tensordataset_size_mismatch",
        {"labels": "targets.flatten()"},
    ),
    ("tensor_dataset_fit", "time_major", "tensordataset_size_mismatch", {"labels": "targets.T"}),
    ("pair_dataset_encoder", "ok", "clean", {"docs": "x.flip(0)"}),
    ("pair_dataset_encoder", "ok_roll", "clean", {"docs": "x.roll(1, 0)"}),
    (
        "pair_dataset_encoder",
        "extra_negative",
        "tensordataset_size_mismatch",
        {"docs": "torch.cat([x, x[:1]])"},
    ),
    (
        "pair_dataset_encoder",
        "repeated_docs",
        "tensordataset_size_mismatch",
        {"docs": "x.repeat(2, 1)"},
    ),
    # random_split lengths (new class random_split_lengths)
    ("holdout_split_model", "ok", "clean", {"lengths": "[self.train_frac, 1 - self.train_frac]"}),
    (
        "holdout_split_model",
        "ok_remainder",
        "clean",
        {"lengths": "[int(self.train_frac * n), n - int(self.train_frac * n)]"},
    ),
    (
        "holdout_split_model",
        "int_both",
        "random_split_lengths",
        {"lengths": "[int(self.train_frac * n), int((1 - self.train_frac) * n)]"},
    ),
    (
        "holdout_split_model",
        "int_90_10",
        "random_split_lengths",
        {"lengths": "[int(n * 0.9), int(n * 0.1)]"},
    ),
    ("three_way_split_eval", "ok", "clean", {"lengths": "[0.8, 0.1, 0.1]"}),
    (
        "three_way_split_eval",
        "ok_counts",
        "clean",
        {"lengths": "[n - 2 * (n // 10), n // 10, n // 10]"},
    ),
    ("three_way_split_eval", "percent_ints", "random_split_lengths", {"lengths": "[80, 10, 10]"}),
    ("three_way_split_eval", "fractions_short", "random_split_lengths", {"lengths": "[0.7, 0.2]"}),
    # probs and logits both (new class distribution_probs_logits_both) + distribution_constraint
    ("policy_head_sampler", "ok", "clean", {"dist": "Categorical(logits=logits)"}),
    ("policy_head_sampler", "ok_probs", "clean", {"dist": "Categorical(probs=probs)"}),
    (
        "policy_head_sampler",
        "both_given",
        "distribution_probs_logits_both",
        {"dist": "Categorical(probs=probs, logits=logits)"},
    ),
    (
        "policy_head_sampler",
        "one_hot_both",
        "distribution_probs_logits_both",
        {"dist": "torch.distributions.OneHotCategorical(logits=logits, probs=probs)"},
    ),
    (
        "policy_head_sampler",
        "logits_positional",
        "distribution_constraint",
        {"dist": "Categorical(logits)"},
    ),
    ("bernoulli_gate_layer", "ok", "clean", {"kwargs": "dict(logits=z)"}),
    ("bernoulli_gate_layer", "ok_probs", "clean", {"kwargs": "dict(probs=p)"}),
    (
        "bernoulli_gate_layer",
        "both_kwargs",
        "distribution_probs_logits_both",
        {"kwargs": "dict(probs=p, logits=z)"},
    ),
    # custom Function gradients (new classes autograd_function_grad_count / _shape, save_for_backward_non_tensor)
    ("ste_quantizer", "ok", "clean", {"save": "ctx.bits = bits", "ret": "grad, None, None"}),
    (
        "ste_quantizer",
        "ok_saved",
        "clean",
        {"save": "ctx.save_for_backward(x, scale)", "ret": "grad, None, None"},
    ),
    (
        "ste_quantizer",
        "two_grads",
        "autograd_function_grad_count",
        {"save": "ctx.bits = bits", "ret": "grad, None"},
    ),
    (
        "ste_quantizer",
        "ok_four_grads",
        "clean",
        {"save": "ctx.bits = bits", "ret": "grad, None, None, None"},
    ),
    (
        "ste_quantizer",
        "bits_saved",
        "save_for_backward_non_tensor",
        {"save": "ctx.save_for_backward(x, scale, bits)", "ret": "grad, None, None"},
    ),
    ("grad_reversal_dann", "ok", "clean", {"ret": "-ctx.alpha * grad, None"}),
    ("grad_reversal_dann", "ok_leading_dim", "clean", {"ret": "-ctx.alpha * grad[None], None"}),
    (
        "grad_reversal_dann",
        "one_grad",
        "autograd_function_grad_count",
        {"ret": "-ctx.alpha * grad"},
    ),
    (
        "grad_reversal_dann",
        "batch_mean",
        "autograd_function_grad_shape",
        {"ret": "-ctx.alpha * grad.mean(0), None"},
    ),
    (
        "custom_row_scale",
        "ok",
        "clean",
        {"save": "ctx.save_for_backward(x, s)", "ret": "grad * s, (grad * x).sum(0)"},
    ),
    (
        "custom_row_scale",
        "ok_unsummed_gain",
        "clean",
        {"save": "ctx.save_for_backward(x, s)", "ret": "grad * s, grad * x"},
    ),
    (
        "custom_row_scale",
        "row_sum_gain",
        "autograd_function_grad_shape",
        {"save": "ctx.save_for_backward(x, s)", "ret": "grad * s, (grad * x).sum(1)"},
    ),
    (
        "custom_row_scale",
        "input_grad_only",
        "autograd_function_grad_count",
        {"save": "ctx.save_for_backward(x, s)", "ret": "grad * s"},
    ),
    (
        "custom_row_scale",
        "transposed_input_grad",
        "autograd_function_grad_shape",
        {"save": "ctx.save_for_backward(x, s)", "ret": "(grad * s).T, (grad * x).sum(0)"},
    ),
    ("clamp_ste_block", "ok", "clean", {"save": "ctx.lo, ctx.hi = lo, hi"}),
    ("clamp_ste_block", "ok_tensor", "clean", {"save": "ctx.save_for_backward(x)"}),
    (
        "clamp_ste_block",
        "bounds_saved",
        "save_for_backward_non_tensor",
        {"save": "ctx.save_for_backward(x, lo, hi)"},
    ),
    (
        "clamp_ste_block",
        "shape_saved_slip",
        "save_for_backward_non_tensor",
        {"save": "ctx.save_for_backward(x.shape)"},
    ),
    # anomaly mode finds a NaN (new class anomaly_nan_backward)
    (
        "safe_sqrt_energy",
        "ok",
        "clean",
        {"energy": "torch.where(h > 0, h.clamp_min(1e-6).sqrt(), torch.zeros_like(h))"},
    ),
    (
        "safe_sqrt_energy",
        "ok_where_log",
        "clean",
        {"energy": "torch.where(h > 0, h.log(), torch.zeros_like(h))"},
    ),
    (
        "safe_sqrt_energy",
        "where_sqrt",
        "anomaly_nan_backward",
        {"energy": "torch.where(h > 0, h.sqrt(), torch.zeros_like(h))"},
    ),
    (
        "safe_sqrt_energy",
        "where_pow_half",
        "anomaly_nan_backward",
        {"energy": "torch.where(h > 0, h.pow(0.5), torch.zeros_like(h))"},
    ),
    ("padded_row_norm", "ok", "clean", {"norm": "x.norm(dim=-1, keepdim=True)"}),
    (
        "padded_row_norm",
        "ok_eps_inside",
        "clean",
        {"norm": "(x.pow(2).sum(-1, keepdim=True) + self.eps).sqrt()"},
    ),
    (
        "padded_row_norm",
        "sqrt_of_squares",
        "anomaly_nan_backward",
        {"norm": "x.pow(2).sum(-1, keepdim=True).sqrt()"},
    ),
    (
        "padded_row_norm",
        "rsqrt_inverse",
        "anomaly_nan_backward",
        {"norm": "1 / x.pow(2).sum(-1, keepdim=True).rsqrt()"},
    ),
    # deepcopy of a module holding a non-leaf tensor (new class deepcopy_nonleaf)
    ("ema_teacher_copy", "ok", "clean", {"cache": "out.detach()"}),
    ("ema_teacher_copy", "ok_none", "clean", {"cache": "None"}),
    ("ema_teacher_copy", "cached_output", "deepcopy_nonleaf", {"cache": "out"}),
    ("ema_teacher_copy", "cached_hidden", "deepcopy_nonleaf", {"cache": "self.fc(x)"}),
    ("swa_snapshot_model", "ok", "clean", {"temp": "self.temp = self.log_temp.detach().exp()"}),
    ("swa_snapshot_model", "ok_float", "clean", {"temp": "self.temp = float(self.log_temp.exp())"}),
    (
        "swa_snapshot_model",
        "attr_nonleaf",
        "deepcopy_nonleaf",
        {"temp": "self.temp = self.log_temp.exp()"},
    ),
    (
        "swa_snapshot_model",
        "buffer_nonleaf",
        "deepcopy_nonleaf",
        {"temp": 'self.register_buffer("temp", self.log_temp.exp(), persistent=False)'},
    ),
    # non-finite gradient norm (new class clip_grad_nonfinite)
    ("clipped_regressor_step", "ok", "clean", {"loss": "F.smooth_l1_loss(pred, t)"}),
    (
        "clipped_regressor_step",
        "ok_relative_eps",
        "clean",
        {"loss": "((pred - t) / (t.abs() + 1e-3)).abs().mean()"},
    ),
    (
        "clipped_regressor_step",
        "relative_error",
        "clip_grad_nonfinite",
        {"loss": "((pred - t) / t).abs().mean()"},
    ),
    (
        "clipped_regressor_step",
        "log_space_mse",
        "clip_grad_nonfinite",
        {"loss": "F.mse_loss(pred.log(), t.log1p())"},
    ),
    (
        "zero_init_standardized",
        "ok",
        "clean",
        {"z": "(score - score.mean()) / (score.std() + 1e-5)"},
    ),
    ("zero_init_standardized", "ok_raw", "clean", {"z": "score"}),
    (
        "zero_init_standardized",
        "std_no_eps",
        "clip_grad_nonfinite",
        {"z": "(score - score.mean()) / score.std()"},
    ),
    (
        "zero_init_standardized",
        "layer_norm_eps_zero",
        "clip_grad_nonfinite",
        {"z": "F.layer_norm(score, score.shape, eps=0.0)"},
    ),
    # GradScaler calls out of order (new class grad_scaler_order)
    (
        "amp_train_step",
        "ok",
        "clean",
        {
            "clip_body": "pass",
            "steps": "self.scaler.unscale_(self.opt)\n        self.clip()\n        self.scaler.step(self.opt)",
        },
    ),
    (
        "amp_train_step",
        "ok_clip_unscales",
        "clean",
        {
            "clip_body": "self.scaler.unscale_(self.opt)",
            "steps": "self.clip()\n        self.scaler.step(self.opt)",
        },
    ),
    (
        "amp_train_step",
        "unscale_twice",
        "grad_scaler_order",
        {
            "clip_body": "self.scaler.unscale_(self.opt)",
            "steps": "self.scaler.unscale_(self.opt)\n        self.clip()\n        self.scaler.step(self.opt)",
        },
    ),
    (
        "amp_train_step",
        "unscale_after_step",
        "grad_scaler_order",
        {
            "clip_body": "pass",
            "steps": "self.scaler.step(self.opt)\n        self.scaler.unscale_(self.opt)\n        self.clip()",
        },
    ),
    ("two_loss_scaler", "ok", "clean", {"between": "self.scaler.update()"}),
    (
        "two_loss_scaler",
        "ok_zero_grad",
        "clean",
        {"between": "self.scaler.update()\n            self.opt.zero_grad()"},
    ),
    (
        "two_loss_scaler",
        "step_twice_again",
        "grad_scaler_order",
        {"between": "self.opt.zero_grad()"},
    ),
    # autocast device type (new class autocast_device_type)
    ("autocast_encoder", "ok", "clean", {"amp_dev": '"cpu"', "where": "self.amp_device"}),
    ("autocast_encoder", "ok_type", "clean", {"amp_dev": '"cpu"', "where": "x.device.type"}),
    (
        "autocast_encoder",
        "tensor_device",
        "autocast_device_type",
        {"amp_dev": '"cpu"', "where": "x.device"},
    ),
    (
        "autocast_encoder",
        "device_object",
        "autocast_device_type",
        {"amp_dev": 'torch.device("cpu")', "where": "self.amp_device"},
    ),
    ("mixed_precision_eval", "ok", "clean", {"dt": '"cpu"'}),
    ("mixed_precision_eval", "ok_str_device", "clean", {"dt": "str(x.device)"}),
    ("mixed_precision_eval", "gpu_name", "autocast_device_type", {"dt": '"gpu"'}),
    ("mixed_precision_eval", "upper_cpu", "autocast_device_type", {"dt": '"CPU"'}),
    # ======================================================== earlier classes in new code shapes
    (
        "checkpoint_resume_cfg",
        "ok",
        "clean",
        {"donor_cfg": "self.cfg", "state": "donor.state_dict()", "strict": ""},
    ),
    (
        "checkpoint_resume_cfg",
        "ok_nonstrict_prefix",
        "clean",
        {
            "donor_cfg": "self.cfg",
            "state": 'dict(("model." + k, v) for k, v in donor.state_dict().items())',
            "strict": ", strict=False",
        },
    ),
    (
        "checkpoint_resume_cfg",
        "wider_hidden",
        "load_state_dict_mismatch",
        {"donor_cfg": "replace(self.cfg, hidden=64)", "state": "donor.state_dict()", "strict": ""},
    ),
    (
        "checkpoint_resume_cfg",
        "nonstrict_wider",
        "load_state_dict_mismatch",
        {
            "donor_cfg": "replace(self.cfg, hidden=64)",
            "state": "donor.state_dict()",
            "strict": ", strict=False",
        },
    ),
    (
        "checkpoint_resume_cfg",
        "prefixed_strict",
        "load_state_dict_mismatch",
        {
            "donor_cfg": "self.cfg",
            "state": 'dict(("model." + k, v) for k, v in donor.state_dict().items())',
            "strict": "",
        },
    ),
    (
        "wrapped_ckpt_loader",
        "ok",
        "clean",
        {
            "load": 'self.net.load_state_dict(dict((k.removeprefix("module."), v) for k, v in saved.items()))'
        },
    ),
    (
        "wrapped_ckpt_loader",
        "ok_wrapper",
        "clean",
        {"load": "Wrapper(self.net).load_state_dict(saved)"},
    ),
    (
        "wrapped_ckpt_loader",
        "module_prefix",
        "load_state_dict_mismatch",
        {"load": "self.net.load_state_dict(saved)"},
    ),
    (
        "wrapped_ckpt_loader",
        "outer_level",
        "load_state_dict_mismatch",
        {"load": "self.load_state_dict(saved)"},
    ),
    (
        "gradient_penalty_second_order",
        "ok",
        "clean",
        {"create": ", create_graph=True", "second": "penalty.backward()"},
    ),
    ("gradient_penalty_second_order", "ok_no_second", "clean", {"create": "", "second": "pass"}),
    (
        "gradient_penalty_second_order",
        "no_create_graph",
        "autograd_no_graph",
        {"create": "", "second": "penalty.backward()"},
    ),
    (
        "gradient_penalty_second_order",
        "retain_only",
        "autograd_no_graph",
        {"create": ", retain_graph=True", "second": "penalty.backward()"},
    ),
    ("forgot_enable_grad_step", "ok", "clean", {"wrap": "@torch.enable_grad()"}),
    ("forgot_enable_grad_step", "ok_set_grad", "clean", {"wrap": "@torch.set_grad_enabled(True)"}),
    ("forgot_enable_grad_step", "undecorated", "autograd_no_graph", {"wrap": ""}),
    (
        "forgot_enable_grad_step",
        "inference_decorated",
        "autograd_no_graph",
        {"wrap": "@torch.inference_mode()"},
    ),
    (
        "manual_sgd_loop",
        "ok",
        "clean",
        {"update": "with torch.no_grad():\n                p -= self.lr * p.grad"},
    ),
    ("manual_sgd_loop", "ok_data", "clean", {"update": "p.data -= self.lr * p.grad"}),
    (
        "manual_sgd_loop",
        "inplace_sub",
        "inplace_leaf_requires_grad",
        {"update": "p -= self.lr * p.grad"},
    ),
    (
        "manual_sgd_loop",
        "sub_method_slip",
        "inplace_leaf_requires_grad",
        {"update": "p.sub_(self.lr * p.grad)"},
    ),
    (
        "frozen_embed_monitor",
        "ok",
        "clean",
        {"monitor": "gnorm = sum(p.grad.norm() for p in self.parameters() if p.grad is not None)"},
    ),
    (
        "frozen_embed_monitor",
        "ok_clip",
        "clean",
        {"monitor": "gnorm = nn.utils.clip_grad_norm_(self.parameters(), 1.0)"},
    ),
    (
        "frozen_embed_monitor",
        "frozen_read",
        "param_grad_none",
        {"monitor": "gnorm = sum(p.grad.norm() for p in self.parameters())"},
    ),
    (
        "frozen_embed_monitor",
        "after_zero_grad_cfg",
        "param_grad_none",
        {"monitor": "self.opt.zero_grad()\n        gnorm = self.rnn.weight_ih_l0.grad.norm()"},
    ),
    ("amp_residual_mix", "ok", "clean", {"sink": "out[mask] = self.outer(h.float())[mask]"}),
    ("amp_residual_mix", "ok_cast", "clean", {"sink": "out = out + h.to(out.dtype)"}),
    ("amp_residual_mix", "bf16_linear", "dtype_mismatch", {"sink": "out = self.outer(h)"}),
    (
        "amp_residual_mix",
        "bf16_matmul_slip",
        "dtype_mismatch",
        {"sink": "out = h @ self.outer.weight.T"},
    ),
    ("amp_residual_mix", "bf16_store", "index_put_dtype", {"sink": "out[mask] = h[mask]"}),
    ("config_attention_unflatten", "ok", "clean", {"heads": "4", "qkv": "24"}),
    ("config_attention_unflatten", "ok_6", "clean", {"heads": "6", "qkv": "24"}),
    ("config_attention_unflatten", "heads_5", "head_split", {"heads": "5", "qkv": "24"}),
    ("config_attention_unflatten", "qkv_36_heads_8", "head_split", {"heads": "8", "qkv": "36"}),
    ("cnn_head_from_loop", "ok", "clean", {"in_feat": "c * side * side"}),
    ("cnn_head_from_loop", "ok_widths", "clean", {"in_feat": "widths[-1] * side**2"}),
    (
        "cnn_head_from_loop",
        "stale_first",
        "linear_in_features",
        {"in_feat": "widths[0] * side * side"},
    ),
    (
        "cnn_head_from_loop",
        "pre_pool_side",
        "linear_in_features",
        {"in_feat": "c * (16 // 2 ** (len(widths) - 1)) ** 2"},
    ),
    ("seq2seq_gru_cfg", "ok", "clean", {"emb": "16", "dec_in": "cfg.emb"}),
    ("seq2seq_gru_cfg", "ok_hidden", "clean", {"emb": "16", "dec_in": "cfg.hidden"}),
    ("seq2seq_gru_cfg", "emb_32", "rnn_input", {"emb": "32", "dec_in": "cfg.emb"}),
    ("seq2seq_gru_cfg", "emb_8_dec_hidden", "rnn_input", {"emb": "8", "dec_in": "cfg.hidden"}),
    ("gqa_repeat_cfg", "ok", "clean", {"n_kv": "2", "rep": "self.n_head // self.n_kv"}),
    ("gqa_repeat_cfg", "ok_mha", "clean", {"n_kv": "8", "rep": "self.n_head // self.n_kv"}),
    ("gqa_repeat_cfg", "kv_3", "kv_heads", {"n_kv": "3", "rep": "self.n_head // self.n_kv"}),
    ("gqa_repeat_cfg", "literal_rep_4", "kv_heads", {"n_kv": "4", "rep": "4"}),
    (
        "gaussian_policy_cfg",
        "ok",
        "clean",
        {"min_std": "1e-3", "std": "self.log_std.exp() + self.cfg.min_std"},
    ),
    (
        "gaussian_policy_cfg",
        "ok_zero_min",
        "clean",
        {"min_std": "0.0", "std": "self.log_std.exp() + self.cfg.min_std"},
    ),
    (
        "gaussian_policy_cfg",
        "minus_floor",
        "distribution_constraint",
        {"min_std": "1e-3", "std": "self.log_std.exp() - self.cfg.min_std"},
    ),
    (
        "gaussian_policy_cfg",
        "tanh_std",
        "distribution_constraint",
        {"min_std": "1e-3", "std": "torch.tanh(self.log_std)"},
    ),
    ("beam_decode_loop", "ok", "clean", {"beams": "3", "k": "self.beams"}),
    (
        "beam_decode_loop",
        "ok_capped",
        "clean",
        {"beams": "8", "k": "min(2 * self.beams, cand.numel())"},
    ),
    ("beam_decode_loop", "five_per_beam", "topk_k", {"beams": "3", "k": "self.beams * 5"}),
    ("beam_decode_loop", "wide_beam_late", "topk_k", {"beams": "8", "k": "2 * self.beams"}),
    (
        "greedy_decode_positions",
        "ok",
        "clean",
        {"new": "6", "ctx": "idx[:, -self.cfg.block_size :]"},
    ),
    ("greedy_decode_positions", "ok_fits", "clean", {"new": "4", "ctx": "idx"}),
    ("greedy_decode_positions", "uncropped", "pos_table_length", {"new": "6", "ctx": "idx"}),
    (
        "greedy_decode_positions",
        "crop_off_by_one",
        "pos_table_length",
        {"new": "6", "ctx": "idx[:, -(self.cfg.block_size + 1) :]"},
    ),
    ("moe_cfg_dispatch", "ok", "clean", {"router_out": "4", "loop": "len(self.experts)"}),
    (
        "moe_cfg_dispatch",
        "ok_router_out",
        "clean",
        {"router_out": "4", "loop": "self.router.out_features"},
    ),
    (
        "moe_cfg_dispatch",
        "ok_dropped_tokens",
        "clean",
        {"router_out": "5", "loop": "len(self.experts)"},
    ),
    (
        "moe_cfg_dispatch",
        "router_wider",
        "modulelist_index_range",
        {"router_out": "5", "loop": "self.router.out_features"},
    ),
    (
        "moe_cfg_dispatch",
        "loop_plus_one_slip",
        "modulelist_index_range",
        {"router_out": "4", "loop": "len(self.experts) + 1"},
    ),
    ("unet_loop_widths", "ok", "clean", {"hw": "16", "up_in": "chans[i + 1] + chans[i]"}),
    ("unet_loop_widths", "ok_12", "clean", {"hw": "12", "up_in": "chans[i + 1] + chans[i]"}),
    ("unet_loop_widths", "doubled_skip", "conv_in_channels", {"hw": "16", "up_in": "2 * chans[i]"}),
    ("unet_loop_widths", "odd_14", "unet_skip", {"hw": "14", "up_in": "chans[i + 1] + chans[i]"}),
    (
        "unet_loop_widths",
        "odd_10_again",
        "unet_skip",
        {"hw": "10", "up_in": "chans[i + 1] + chans[i]"},
    ),
    (
        "unet_loop_widths",
        "next_width_only",
        "conv_in_channels",
        {"hw": "16", "up_in": "chans[i + 1]"},
    ),
    (
        "lm_train_step",
        "ok",
        "clean",
        {"loss": "F.cross_entropy(logits.flatten(0, 1), tgt.flatten())", "report": "loss.item()"},
    ),
    (
        "lm_train_step",
        "ok_transposed",
        "clean",
        {"loss": "F.cross_entropy(logits.transpose(1, 2), tgt)", "report": "loss.item()"},
    ),
    (
        "lm_train_step",
        "btv_logits",
        "cross_entropy_shape",
        {"loss": "F.cross_entropy(logits, tgt)", "report": "loss.item()"},
    ),
    (
        "lm_train_step",
        "per_token_backward",
        "backward_nonscalar",
        {
            "loss": 'F.cross_entropy(logits.flatten(0, 1), tgt.flatten(), reduction="none")',
            "report": "0",
        },
    ),
    ("vit_reshape_cfg", "ok", "clean", {"img": "32", "patch": "4"}),
    ("vit_reshape_cfg", "ok_8", "clean", {"img": "32", "patch": "8"}),
    ("vit_reshape_cfg", "img_30", "patch_size", {"img": "30", "patch": "4"}),
    ("vit_reshape_cfg", "patch_6_typo", "patch_size", {"img": "32", "patch": "6"}),
    ("resblock_groupnorm_cfg", "ok", "clean", {"mult": "2", "groups": "4"}),
    ("resblock_groupnorm_cfg", "ok_8", "clean", {"mult": "2", "groups": "8"}),
    ("resblock_groupnorm_cfg", "groups_16", "norm_groups", {"mult": "2", "groups": "16"}),
    ("resblock_groupnorm_cfg", "groups_3", "norm_groups", {"mult": "3", "groups": "3"}),
    ("prenorm_ffn_cfg", "ok", "clean", {"out_dim": "24"}),
    ("prenorm_ffn_cfg", "out_32", "residual_width", {"out_dim": "32"}),
    ("prenorm_ffn_cfg", "out_96", "residual_width", {"out_dim": "96"}),
    ("diffusion_denoiser_cfg", "ok", "clean", {"time_dim": "32"}),
    ("diffusion_denoiser_cfg", "ok_16", "clean", {"time_dim": "16"}),
    ("diffusion_denoiser_cfg", "odd_33", "timestep_embed", {"time_dim": "33"}),
    ("diffusion_denoiser_cfg", "odd_15", "timestep_embed", {"time_dim": "15"}),
    (
        "config_transformer_lm",
        "ok",
        "clean",
        {"heads": "4", "kv": "2", "ffn_out": "32", "block": "8"},
    ),
    (
        "config_transformer_lm",
        "ok_block_exact",
        "clean",
        {"heads": "4", "kv": "2", "ffn_out": "32", "block": "6"},
    ),
    (
        "config_transformer_lm",
        "heads_6_step",
        "head_split",
        {"heads": "6", "kv": "2", "ffn_out": "32", "block": "8"},
    ),
    (
        "config_transformer_lm",
        "kv_3",
        "kv_heads",
        {"heads": "4", "kv": "3", "ffn_out": "32", "block": "8"},
    ),
    (
        "config_transformer_lm",
        "ffn_out_48_step",
        "residual_width",
        {"heads": "4", "kv": "2", "ffn_out": "48", "block": "8"},
    ),
    (
        "config_transformer_lm",
        "block_4_cfg",
        "pos_table_length",
        {"heads": "4", "kv": "2", "ffn_out": "32", "block": "4"},
    ),
    (
        "config_cnn_classifier",
        "ok",
        "clean",
        {"stem": "16", "groups": "4", "first_in": "cfg.stem", "fc_in": "c"},
    ),
    (
        "config_cnn_classifier",
        "ok_stem_equals_width",
        "clean",
        {"stem": "16", "groups": "8", "first_in": "cfg.widths[0]", "fc_in": "c"},
    ),
    (
        "config_cnn_classifier",
        "stem_24",
        "conv_in_channels",
        {"stem": "24", "groups": "4", "first_in": "cfg.widths[0]", "fc_in": "c"},
    ),
    (
        "config_cnn_classifier",
        "groups_5",
        "norm_groups",
        {"stem": "16", "groups": "5", "first_in": "cfg.stem", "fc_in": "c"},
    ),
    (
        "config_cnn_classifier",
        "fc_first_width_cfg",
        "linear_in_features",
        {"stem": "16", "groups": "4", "first_in": "cfg.stem", "fc_in": "cfg.widths[0]"},
    ),
    (
        "seq_tagger_train_cfg",
        "ok",
        "clean",
        {
            "emb": "16",
            "lstm_in": "cfg.emb",
            "loss": "F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tags.reshape(-1))",
        },
    ),
    (
        "seq_tagger_train_cfg",
        "ok_permuted",
        "clean",
        {
            "emb": "24",
            "lstm_in": "cfg.emb",
            "loss": "F.cross_entropy(logits.permute(0, 2, 1), tags)",
        },
    ),
    (
        "seq_tagger_train_cfg",
        "emb_24_hidden_in_slip",
        "rnn_input",
        {
            "emb": "24",
            "lstm_in": "cfg.hidden",
            "loss": "F.cross_entropy(logits.flatten(0, 1), tags.flatten())",
        },
    ),
    (
        "seq_tagger_train_cfg",
        "btc_logits",
        "cross_entropy_shape",
        {"emb": "16", "lstm_in": "cfg.emb", "loss": "F.cross_entropy(logits, tags)"},
    ),
    (
        "seq_tagger_train_cfg",
        "flat_logits_only",
        "cross_entropy_shape",
        {"emb": "16", "lstm_in": "cfg.emb", "loss": "F.cross_entropy(logits.flatten(0, 1), tags)"},
    ),
    (
        "clipped_regressor_step",
        "loss_per_element",
        "backward_nonscalar",
        {"loss": 'F.smooth_l1_loss(pred, t, reduction="none")'},
    ),
    (
        "lm_train_step",
        "per_position_mean_slip",
        "backward_nonscalar",
        {
            "loss": 'F.cross_entropy(logits.transpose(1, 2), tgt, reduction="none").mean(0)',
            "report": "0",
        },
    ),
    ("wgan_clip_step", "ok", "clean", {"clip": "p.data.clamp_(-self.clip, self.clip)"}),
    (
        "wgan_clip_step",
        "ok_no_grad",
        "clean",
        {"clip": "with torch.no_grad():\n                    p.clamp_(-self.clip, self.clip)"},
    ),
    (
        "wgan_clip_step",
        "clamp_in_graph",
        "inplace_leaf_requires_grad",
        {"clip": "p.clamp_(-self.clip, self.clip)"},
    ),
    (
        "aux_head_grad_log",
        "ok",
        "clean",
        {"use_aux": "True", "norms": "torch.stack([p.grad.norm() for p in self.parameters()])"},
    ),
    (
        "aux_head_grad_log",
        "ok_filtered",
        "clean",
        {
            "use_aux": "False",
            "norms": "torch.stack([p.grad.norm() for p in self.parameters() if p.grad is not None])",
        },
    ),
    (
        "aux_head_grad_log",
        "aux_off",
        "param_grad_none",
        {"use_aux": "False", "norms": "torch.stack([p.grad.norm() for p in self.parameters()])"},
    ),
    ("amp_moe_dispatch", "ok", "clean", {"merge": "out[idx] = y.float()"}),
    (
        "amp_moe_dispatch",
        "ok_index_add_cast",
        "clean",
        {"merge": "out.index_add_(0, idx, y.to(out.dtype))"},
    ),
    ("amp_moe_dispatch", "bf16_rows", "index_put_dtype", {"merge": "out[idx] = y"}),
    (
        "amp_moe_dispatch",
        "bf16_gate_mix",
        "dtype_mismatch",
        {"merge": "out[idx] = y.float() * torch.sigmoid(self.gate(y)).mean(-1, keepdim=True)"},
    ),
    ("retrieval_topk_cfg", "ok", "clean", {"bank": "32", "k": "4"}),
    ("retrieval_topk_cfg", "ok_whole_bank", "clean", {"bank": "8", "k": "8"}),
    ("retrieval_topk_cfg", "k_over_bank", "topk_k", {"bank": "8", "k": "16"}),
    ("early_exit_heads", "ok", "clean", {"n_exits": "depth", "exit_index": "i"}),
    (
        "early_exit_heads",
        "ok_last_shared",
        "clean",
        {"n_exits": "depth - 1", "exit_index": "min(i, len(self.exits) - 1)"},
    ),
    (
        "early_exit_heads",
        "one_exit_short",
        "modulelist_index_range",
        {"n_exits": "depth - 1", "exit_index": "i"},
    ),
    ("unet1d_audio", "ok", "clean", {"length": "32", "up": "scale_factor=2"}),
    ("unet1d_audio", "ok_size_match", "clean", {"length": "30", "up": "size=skips[-1].shape[-1]"}),
    ("unet1d_audio", "odd_30", "unet_skip", {"length": "30", "up": "scale_factor=2"}),
    ("mae_patch_mask", "ok", "clean", {"img": "16", "patch": "4"}),
    ("mae_patch_mask", "ok_8", "clean", {"img": "16", "patch": "8"}),
    ("mae_patch_mask", "patch_5", "patch_size", {"img": "16", "patch": "5"}),
    ("time_conditioned_block", "ok", "clean", {"ch": "16", "emb_dim": "self.ch"}),
    ("time_conditioned_block", "ok_even_literal", "clean", {"ch": "16", "emb_dim": "16"}),
    (
        "time_conditioned_block",
        "odd_channels",
        "timestep_embed",
        {"ch": "15", "emb_dim": "self.ch"},
    ),
]

# clean variants that look risky: an edge value, a spelling that works, a near-miss torch runs
RISKY_CLEAN = (
    "finetune_head_trainer__ok_requires_grad",
    "adapter_tuning_step__ok_tuple",
    "meta_inner_loop__ok_matrix_filter",
    "saliency_by_layer__ok_norm",
    "layerwise_lr_groups__ok_new_group",
    "weight_decay_split__ok_dim",
    "config_trainer_mlp__ok_adam",
    "config_trainer_mlp__ok_zero_lr",
    "rmsprop_critic_step__ok_alpha_zero",
    "temperature_calibrator__ok_lambda",
    "sgd_train_step_model__ok_closure",
    "resume_optimizer_state__ok_copied",
    "ema_resume_trainer__ok_list",
    "warmup_schedule_model__ok_keyword",
    "lambda_warmup_head__ok_list_lambda",
    "one_cycle_loop__ok_spare_step",
    "one_cycle_epochs__ok_ceil",
    "warmup_cosine_seq__ok_tuple",
    "restart_schedule_cfg__ok_growth_2",
    "linear_warmup_block__ok_one",
    "padded_batch_tagger__ok_lambda",
    "dict_sample_loader__ok_pairs",
    "loader_config_model__ok_sampler",
    "bucket_batch_sampler__ok_plain",
    "tensor_dataset_fit__ok_any",
    "pair_dataset_encoder__ok_roll",
    "holdout_split_model__ok_remainder",
    "three_way_split_eval__ok_counts",
    "policy_head_sampler__ok_probs",
    "bernoulli_gate_layer__ok_probs",
    "ste_quantizer__ok_saved",
    "ste_quantizer__ok_four_grads",
    "grad_reversal_dann__ok_leading_dim",
    "custom_row_scale__ok_unsummed_gain",
    "clamp_ste_block__ok_tensor",
    "safe_sqrt_energy__ok_where_log",
    "padded_row_norm__ok_eps_inside",
    "ema_teacher_copy__ok_none",
    "swa_snapshot_model__ok_float",
    "clipped_regressor_step__ok_relative_eps",
    "zero_init_standardized__ok_raw",
    "amp_train_step__ok_clip_unscales",
    "two_loss_scaler__ok_zero_grad",
    "autocast_encoder__ok_type",
    "mixed_precision_eval__ok_str_device",
    "checkpoint_resume_cfg__ok_nonstrict_prefix",
    "wrapped_ckpt_loader__ok_wrapper",
    "gradient_penalty_second_order__ok_no_second",
    "forgot_enable_grad_step__ok_set_grad",
    "manual_sgd_loop__ok_data",
    "frozen_embed_monitor__ok_clip",
    "amp_residual_mix__ok_cast",
    "config_attention_unflatten__ok_6",
    "cnn_head_from_loop__ok_widths",
    "seq2seq_gru_cfg__ok_hidden",
    "gqa_repeat_cfg__ok_mha",
    "gaussian_policy_cfg__ok_zero_min",
    "beam_decode_loop__ok_capped",
    "greedy_decode_positions__ok_fits",
    "moe_cfg_dispatch__ok_router_out",
    "moe_cfg_dispatch__ok_dropped_tokens",
    "unet_loop_widths__ok_12",
    "lm_train_step__ok_transposed",
    "vit_reshape_cfg__ok_8",
    "resblock_groupnorm_cfg__ok_8",
    "diffusion_denoiser_cfg__ok_16",
    "config_transformer_lm__ok_block_exact",
    "config_cnn_classifier__ok_stem_equals_width",
    "seq_tagger_train_cfg__ok_permuted",
    "wgan_clip_step__ok_no_grad",
    "aux_head_grad_log__ok_filtered",
    "amp_moe_dispatch__ok_index_add_cast",
    "retrieval_topk_cfg__ok_whole_bank",
    "early_exit_heads__ok_last_shared",
    "unet1d_audio__ok_size_match",
    "mae_patch_mask__ok_8",
    "time_conditioned_block__ok_even_literal",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "finetune_head_trainer",
    "adapter_tuning_step",
    "meta_inner_loop",
    "saliency_by_layer",
    "layerwise_lr_groups",
    "weight_decay_split",
    "config_trainer_mlp",
    "rmsprop_critic_step",
    "temperature_calibrator",
    "sgd_train_step_model",
    "resume_optimizer_state",
    "ema_resume_trainer",
    "warmup_schedule_model",
    "lambda_warmup_head",
    "one_cycle_loop",
    "one_cycle_epochs",
    "warmup_cosine_seq",
    "three_phase_schedule",
    "restart_schedule_cfg",
    "padded_batch_tagger",
    "dict_sample_loader",
    "loader_config_model",
    "bucket_batch_sampler",
    "pair_dataset_encoder",
    "holdout_split_model",
    "three_way_split_eval",
    "policy_head_sampler",
    "bernoulli_gate_layer",
    "ste_quantizer",
    "grad_reversal_dann",
    "custom_row_scale",
    "clamp_ste_block",
    "safe_sqrt_energy",
    "padded_row_norm",
    "ema_teacher_copy",
    "swa_snapshot_model",
    "clipped_regressor_step",
    "zero_init_standardized",
    "amp_train_step",
    "two_loss_scaler",
    "autocast_encoder",
    "mixed_precision_eval",
    "checkpoint_resume_cfg",
    "wrapped_ckpt_loader",
    "gradient_penalty_second_order",
    "forgot_enable_grad_step",
    "manual_sgd_loop",
    "frozen_embed_monitor",
    "amp_residual_mix",
    "config_attention_unflatten",
    "cnn_head_from_loop",
    "seq2seq_gru_cfg",
    "gqa_repeat_cfg",
    "gaussian_policy_cfg",
    "beam_decode_loop",
    "greedy_decode_positions",
    "moe_cfg_dispatch",
    "unet_loop_widths",
    "lm_train_step",
    "vit_reshape_cfg",
    "resblock_groupnorm_cfg",
    "prenorm_ffn_cfg",
    "diffusion_denoiser_cfg",
    "config_transformer_lm",
    "config_cnn_classifier",
    "seq_tagger_train_cfg",
    "wgan_clip_step",
    "aux_head_grad_log",
    "amp_moe_dispatch",
    "retrieval_topk_cfg",
    "early_exit_heads",
    "unet1d_audio",
    "mae_patch_mask",
    "time_conditioned_block",
)
