"""A thirty-second fresh batch of crash cases (session 40, split ``fresh32``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: Dirichlet / evidential heads with polygamma
variances, weighted covariance whitening, binomial count simulators, sparse adjacency helpers,
quantization export stubs, train / eval mode switches, distribution batch expansion and
log-probabilities, LKJ correlation priors, ``skip_init`` and meta-device materialisation,
``uint16`` token memmaps, complex codebook membership, max-norm regularisers, variable segment
pooling. About a quarter of the crash classes are new; the others are classes earlier batches
have, written in new code shapes (sizes that reach the bad call through configs, helpers,
properties, loops, containers and other modules; method vs function vs operator spellings):
view / reshape sizes, cat then linear, matmul / bmm / einsum, split / chunk, broadcasting,
einops, masks, caches, losses, optimizers and schedulers, checkpoints. Several clean variants
look risky (``RISKY_CLEAN``). Same format as ``templates.py``; every case name starts ``f32_``.
Whether a case crashes is torch's verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []
VARIANTS = V  # the same list: every add() below lands in it


def add(tname: str, *rows: tuple[str, str, dict]) -> None:
    for suffix, defect, sizes in rows:
        V.append((tname, suffix, defect, sizes))


# ---------------------------------------------------------------- polygamma of a negative order (new)
template("evidential_head", "(4, 10)")(
    """
class EvidenceLayer(nn.Module):
    def __init__(self, d, k):
        super().__init__()
        self.proj = nn.Linear(d, k)

    def forward(self, h):
        return F.softplus(self.proj(h)) + 1.0


class Net(nn.Module):
    def __init__(self, order={order}):
        super().__init__()
        self.order = order
        self.body = nn.Sequential(nn.Linear(10, 16), nn.ReLU())
        self.evidence = EvidenceLayer(16, {k})

    def forward(self, x):
        alpha = self.evidence(self.body(x))
        s = alpha.sum(-1, keepdim=True)
        var = torch.special.polygamma(self.order, alpha) - torch.special.polygamma(self.order, s)
        return var.mean(-1)
"""
)
add(
    "evidential_head",
    ("ok", "clean", {"order": "1", "k": "3"}),
    ("ok_digamma_order", "clean", {"order": "0", "k": "5"}),
    ("order_minus_one", "polygamma_negative_order", {"order": "-1", "k": "3"}),
    ("order_from_index", "polygamma_negative_order", {"order": "[1, 2].index(2) - 2", "k": "4"}),
)

template("dirichlet_calibrator", "(3, 6)")(
    """
CFG = dict(order={order}, classes=4)


def trigamma_like(alpha, cfg):
    return alpha.polygamma(cfg["order"])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, CFG["classes"]))

    def forward(self, x):
        alpha = self.head(x).exp() + 1
        return {combine}
"""
)
add(
    "dirichlet_calibrator",
    ("ok", "clean", {"order": "1", "combine": "trigamma_like(alpha, CFG).sum(-1)"}),
    ("ok_second_order", "clean", {"order": "2", "combine": "trigamma_like(alpha, CFG).sum(-1)"}),
    (
        "order_minus_two",
        "polygamma_negative_order",
        {"order": "-2", "combine": "trigamma_like(alpha, CFG).sum(-1)"},
    ),
    (
        "weights_wrong_width",
        "broadcast_add",
        {"order": "1", "combine": "trigamma_like(alpha, CFG) * torch.ones(3)"},
    ),
    (
        "ok_weights_broadcast",
        "clean",
        {"order": "1", "combine": "trigamma_like(alpha, CFG) * torch.ones(4)"},
    ),
)

# ---------------------------------------------------------------- cov weights (new)
template("weighted_whitening", "(8, 5)")(
    """
class Whiten(nn.Module):
    def __init__(self, eps=1e-3):
        super().__init__()
        self.eps = eps

    def forward(self, feats, w):
        c = torch.cov(feats.T, {kw}=w)
        c = c + self.eps * torch.eye(c.shape[0])
        L = torch.linalg.cholesky(c)
        return torch.linalg.solve_triangular(L, feats.T, upper=False).T


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(5, 5)
        self.white = Whiten()

    def forward(self, x):
        h = self.enc(x)
        w = {w}
        return self.white(h, w)
"""
)
add(
    "weighted_whitening",
    ("ok", "clean", {"kw": "fweights", "w": "torch.ones(h.shape[0], dtype=torch.long)"}),
    ("ok_aweights_softmax", "clean", {"kw": "aweights", "w": "torch.softmax(h[:, 0], 0)"}),
    ("fweights_as_float", "cov_weights_invalid", {"kw": "fweights", "w": "torch.ones(h.shape[0])"}),
    ("aweights_centered", "cov_weights_invalid", {"kw": "aweights", "w": "h[:, 0] - h[:, 0].mean()"}),
    (
        "fweights_per_feature",
        "cov_weights_invalid",
        {"kw": "fweights", "w": "torch.ones(h.shape[1], dtype=torch.long)"},
    ),
)

template("ensemble_spread_stats", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self, members=3):
        super().__init__()
        self.members = nn.ModuleList(nn.Linear(4, 4) for _ in range(members))

    def forward(self, x):
        preds = torch.stack([m(x) for m in self.members])  # (M, B, D)
        flat = preds.reshape(-1, preds.shape[-1])
        counts = {counts}
        c = flat.T.cov(fweights=counts)
        return {out}
"""
)
add(
    "ensemble_spread_stats",
    ("ok", "clean", {"counts": "torch.full((flat.shape[0],), 2)", "out": "c.diagonal()"}),
    (
        "ok_counts_repeat",
        "clean",
        {"counts": "torch.arange(1, 4).repeat_interleave(x.shape[0])", "out": "c.trace()"},
    ),
    (
        "counts_per_member",
        "cov_weights_invalid",
        {"counts": "torch.arange(1, 4)", "out": "c.diagonal()"},
    ),
    ("diag_of_vector", "diag_rank", {"counts": "torch.full((flat.shape[0],), 2)", "out": "c.diagonal().diagonal()"}),
)

# ---------------------------------------------------------------- binomial of integer counts (new)
template("read_depth_simulator", "(4, 7)")(
    """
class Net(nn.Module):
    def __init__(self, depth={depth}):
        super().__init__()
        self.depth = depth
        self.rate = nn.Sequential(nn.Linear(7, 7), nn.Sigmoid())
        self.dec = nn.Linear(7, 3)

    def forward(self, x):
        p = self.rate(x)
        total = {total}
        reads = torch.binomial(total, p)
        return self.dec(reads / total.clamp(min=1))
"""
)
add(
    "read_depth_simulator",
    ("ok", "clean", {"depth": "20", "total": "torch.full_like(p, self.depth)"}),
    ("ok_rounded_float", "clean", {"depth": "20", "total": "(x.abs() * self.depth).round()"}),
    (
        "total_as_long",
        "binomial_count_dtype",
        {"depth": "20", "total": "torch.full(p.shape, self.depth)"},
    ),
    (
        "total_rounded_to_int",
        "binomial_count_dtype",
        {"depth": "20", "total": "(x.abs() * self.depth).round().int()"},
    ),
)

template("token_dropout_counts", "(2, 9)", "tokens")(
    """
def keep_counts(lengths, keep):
    return torch.binomial(lengths, torch.full(lengths.shape, keep))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(2, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, ids):
        lengths = {lengths}
        kept = keep_counts(lengths, 0.8)
        h = self.emb(ids).mean(1) * (kept / lengths.clamp(min=1)).unsqueeze(-1)
        return self.out(h)
"""
)
add(
    "token_dropout_counts",
    ("ok", "clean", {"lengths": "(ids >= 0).sum(1).float()"}),
    ("ok_double_lengths", "clean", {"lengths": "(ids >= 0).sum(1).double().float()"}),
    ("lengths_from_sum", "binomial_count_dtype", {"lengths": "(ids >= 0).sum(1)"}),
    ("lengths_long_tensor", "binomial_count_dtype", {"lengths": "torch.tensor([ids.shape[1]] * ids.shape[0])"}),
)

# ---------------------------------------------------------------- sparse layout accessors (new)
template("sparse_gcn_layer", "(6, 4)")(
    """
class GraphConv(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, h, adj):
        deg = torch.zeros(h.shape[0]).index_add_(0, {rows}, torch.ones_like({rows}, dtype=torch.float))
        return torch.sparse.mm(adj, self.lin(h)) / deg.clamp(min=1).unsqueeze(-1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.g1 = GraphConv(4, 8)
        self.g2 = GraphConv(8, 2)

    def forward(self, x):
        dense = (torch.cdist(x, x) < 2.5).float()
        adj = dense.{layout}
        return self.g2(F.relu(self.g1(x, adj)), adj)
"""
)
add(
    "sparse_gcn_layer",
    ("ok", "clean", {"layout": "to_sparse().coalesce()", "rows": "adj.indices()[0]"}),
    (
        "ok_csr_rows",
        "clean",
        {"layout": "to_sparse_csr()", "rows": "torch.repeat_interleave(adj.crow_indices().diff())"},
    ),
    ("csr_indices", "sparse_layout_accessor", {"layout": "to_sparse_csr()", "rows": "adj.indices()[0]"}),
    (
        "coo_crow_indices",
        "sparse_layout_accessor",
        {"layout": "to_sparse().coalesce()", "rows": "torch.repeat_interleave(adj.crow_indices().diff())"},
    ),
)

template("sparse_grad_report", "(5, 6)")(
    """
def nnz_rows(t):
    t = {prep}
    return t.{acc}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(6, 6, bias=False)
        self.head = nn.Linear(6, 1)

    def forward(self, x):
        masked = self.emb(x) * (x > 0.5)
        stats = nnz_rows(masked)
        return self.head(masked).squeeze(-1) + stats.float().mean()
"""
)
add(
    "sparse_grad_report",
    ("ok", "clean", {"prep": "t.to_sparse().coalesce()", "acc": "values()"}),
    ("ok_dense_nonzero", "clean", {"prep": "t", "acc": "nonzero()"}),
    ("values_of_dense", "sparse_layout_accessor", {"prep": "t", "acc": "values()"}),
    ("coalesce_dense", "sparse_layout_accessor", {"prep": "t.coalesce()", "acc": "values()"}),
    ("ccol_of_coo", "sparse_layout_accessor", {"prep": "t.to_sparse()", "acc": "ccol_indices()"}),
)

# ---------------------------------------------------------------- quantized accessors on float tensors (new)
template("int8_export_stub", "(3, 8)")(
    """
class QuantSpec:
    def __init__(self, weight, quantize):
        self.w = torch.quantize_per_tensor(weight, 0.05, 0, torch.qint8) if quantize else weight

    @property
    def scale(self):
        return self.w.{acc}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.act = nn.ReLU()
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        spec = QuantSpec(self.fc.weight.detach(), {quantize})
        s = spec.scale
        return self.out(self.act(self.fc(x))) * float(torch.as_tensor(s).float().mean())
"""
)
add(
    "int8_export_stub",
    ("ok", "clean", {"acc": "q_scale()", "quantize": "True"}),
    ("ok_int_repr", "clean", {"acc": "int_repr()", "quantize": "True"}),
    ("scale_of_float", "quant_accessor_on_float", {"acc": "q_scale()", "quantize": "False"}),
    ("int_repr_of_float", "quant_accessor_on_float", {"acc": "int_repr()", "quantize": "False"}),
)

template("calib_table_dump", "(2, 6)")(
    """
def dump(params, quantized):
    table = {{}}
    for name, p in params:
        q = torch.quantize_per_channel(p, torch.full((p.shape[0],), 0.1), torch.zeros(p.shape[0], dtype=torch.long), 0, torch.qint8) if quantized else p
        table[name] = q.{acc}
    return table


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(6, 5, bias=False)
        self.b = nn.Linear(5, 3, bias=False)

    def forward(self, x):
        t = dump([("a", self.a.weight.detach()), ("b", self.b.weight.detach())], {quantized})
        return self.b(self.a(x)) * len(t)
"""
)
add(
    "calib_table_dump",
    ("ok", "clean", {"acc": "q_per_channel_scales()", "quantized": "True"}),
    ("ok_zero_points", "clean", {"acc": "q_per_channel_zero_points()", "quantized": "True"}),
    ("scales_of_float", "quant_accessor_on_float", {"acc": "q_per_channel_scales()", "quantized": "False"}),
    ("zero_points_of_float", "quant_accessor_on_float", {"acc": "q_per_channel_zero_points()", "quantized": "False"}),
)

# ---------------------------------------------------------------- train() with a non-bool mode (new); eval(mode) (new)
template("mc_dropout_predictor", "(4, 12)")(
    """
class Net(nn.Module):
    def __init__(self, passes=3):
        super().__init__()
        self.passes = passes
        self.net = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Dropout(0.2), nn.Linear(24, 3))

    def enable_dropout(self):
        for m in self.modules():
            if isinstance(m, nn.Dropout):
                {switch}

    def forward(self, x):
        self.enable_dropout()
        outs = torch.stack([self.net(x) for _ in range(self.passes)])
        return outs.mean(0), outs.var(0)
"""
)
add(
    "mc_dropout_predictor",
    ("ok", "clean", {"switch": "m.train()"}),
    ("ok_true_flag", "clean", {"switch": "m.train(True)"}),
    ("train_one", "train_mode_not_bool", {"switch": "m.train(1)"}),
    ("train_string_mode", "train_mode_not_bool", {"switch": 'm.train("mc")'}),
    ("eval_false", "eval_called_with_mode", {"switch": "m.eval(False)"}),
)

template("teacher_student_modes", "(3, 8)")(
    """
CFG = dict(teacher_train={tt}, student_train=True)


class Tower(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.l1, self.l2 = nn.Linear(d, h), nn.Linear(h, d)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.l2(self.drop(F.gelu(self.l1(x))))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.teacher = Tower(8, 32)
        self.student = Tower(8, 8)

    def forward(self, x):
        {switch}
        self.student.train(CFG["student_train"])
        return F.mse_loss(self.student(x), self.teacher(x))
"""
)
add(
    "teacher_student_modes",
    ("ok", "clean", {"tt": "False", "switch": 'self.teacher.train(CFG["teacher_train"])'}),
    ("ok_bool_cast", "clean", {"tt": "0", "switch": 'self.teacher.train(bool(CFG["teacher_train"]))'}),
    ("flag_as_int", "train_mode_not_bool", {"tt": "0", "switch": 'self.teacher.train(CFG["teacher_train"])'}),
    ("flag_none", "train_mode_not_bool", {"tt": "None", "switch": 'self.teacher.train(mode=CFG["teacher_train"])'}),
    ("eval_with_flag", "eval_called_with_mode", {"tt": "True", "switch": 'self.teacher.eval(CFG["teacher_train"])'}),
    ("ok_eval_plain", "clean", {"tt": "True", "switch": "self.teacher.eval()"}),
)

template("frozen_backbone_ft", "(2, 3, 8, 8)")(
    """
class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class Net(nn.Module):
    def __init__(self, freeze_bn={fb}):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear({width}, 5)
        self.freeze_bn = freeze_bn

    def forward(self, x):
        if self.freeze_bn is not None:
            {switch}
        f = self.backbone(x).mean((2, 3))
        return self.head(f)
"""
)
add(
    "frozen_backbone_ft",
    ("ok", "clean", {"fb": "True", "width": "8", "switch": "self.backbone.bn.eval()"}),
    ("ok_train_false", "clean", {"fb": "True", "width": "8", "switch": "self.backbone.bn.train(not self.freeze_bn)"}),
    ("eval_passed_flag", "eval_called_with_mode", {"fb": "True", "width": "8", "switch": "self.backbone.bn.eval(self.freeze_bn)"}),
    ("head_width_spatial", "linear_in_features", {"fb": "True", "width": "64", "switch": "self.backbone.bn.eval()"}),
)

# ---------------------------------------------------------------- distribution expand (new), log_prob value shape (new)
template("latent_prior_batch", "(4, 6)")(
    """
from torch.distributions import Normal, Independent


class Net(nn.Module):
    def __init__(self, latent=3, prior_rows={rows}):
        super().__init__()
        self.enc = nn.Linear(6, 2 * latent)
        self.prior_loc = nn.Parameter(torch.zeros(prior_rows, latent))

    def forward(self, x):
        mu, log_std = self.enc(x).chunk(2, -1)
        prior = Independent(Normal(self.prior_loc, 1.0), 1).expand({shape})
        post = Independent(Normal(mu, log_std.exp()), 1)
        z = post.rsample()
        return post.log_prob(z) - prior.log_prob(z)
"""
)
add(
    "latent_prior_batch",
    ("ok", "clean", {"rows": "1", "shape": "(x.shape[0],)"}),
    ("ok_rows_match", "clean", {"rows": "4", "shape": "mu.shape[:1]"}),
    ("prior_rows_two", "distribution_expand_shape", {"rows": "2", "shape": "(x.shape[0],)"}),
    ("expand_with_event", "distribution_expand_shape", {"rows": "1", "shape": "mu.shape"}),
)

template("action_dist_tiles", "(2, 5)")(
    """
from torch.distributions import Categorical


class Policy(nn.Module):
    def __init__(self, n_act):
        super().__init__()
        self.pi = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, n_act))

    def forward(self, obs):
        return Categorical(logits=self.pi(obs))


class Net(nn.Module):
    def __init__(self, samples={k}):
        super().__init__()
        self.policy = Policy(4)
        self.k = samples

    def forward(self, x):
        d = self.policy(x)
        tiled = d.expand({bshape})
        a = tiled.sample()
        return {ret}
"""
)
add(
    "action_dist_tiles",
    ("ok", "clean", {"k": "3", "bshape": "(self.k, x.shape[0])", "ret": "tiled.log_prob(a).mean(0)"}),
    ("ok_single", "clean", {"k": "1", "bshape": "(x.shape[0],)", "ret": "tiled.log_prob(a)"}),
    ("tiles_trailing", "distribution_expand_shape", {"k": "3", "bshape": "(x.shape[0], self.k)", "ret": "tiled.log_prob(a).mean(0)"}),
    ("logprob_of_wrong_rows", "log_prob_value_shape", {"k": "3", "bshape": "(self.k, x.shape[0])", "ret": "d.log_prob(a.T)"}),
)

template("gmm_density_score", "(5, 3)")(
    """
from torch.distributions import MultivariateNormal


class Net(nn.Module):
    def __init__(self, comps=2, dim={dim}):
        super().__init__()
        self.means = nn.Parameter(torch.randn(comps, dim))
        self.proj = nn.Linear(3, {feat})

    def forward(self, x):
        z = self.proj(x)
        mvn = MultivariateNormal(self.means, covariance_matrix=torch.eye(self.means.shape[1]))
        return mvn.log_prob({val}).logsumexp(-1)
"""
)
add(
    "gmm_density_score",
    ("ok", "clean", {"dim": "4", "feat": "4", "val": "z.unsqueeze(1)"}),
    ("ok_three_dim", "clean", {"dim": "3", "feat": "3", "val": "z[:, None, :]"}),
    ("proj_wider_than_event", "log_prob_value_shape", {"dim": "4", "feat": "6", "val": "z.unsqueeze(1)"}),
    ("value_not_unsqueezed_v2", "log_prob_value_shape", {"dim": "4", "feat": "4", "val": "z.view(x.shape[0], 2, -1)"}),
)

template("vae_gauss_recon", "(4, 10)")(
    """
from torch.distributions import Normal


class Decoder(nn.Module):
    def __init__(self, z, out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, 16), nn.ReLU(), nn.Linear(16, 2 * out))

    def forward(self, z):
        mu, raw = self.net(z).chunk(2, -1)
        return Normal(mu, F.softplus(raw) + 1e-3)


class Net(nn.Module):
    def __init__(self, out={out}):
        super().__init__()
        self.enc = nn.Linear(10, 4)
        self.dec = Decoder(4, out)

    def forward(self, x):
        px = self.dec(self.enc(x))
        return -px.log_prob({target}).sum(-1).mean()
"""
)
add(
    "vae_gauss_recon",
    ("ok", "clean", {"out": "10", "target": "x"}),
    ("ok_scalar_broadcast", "clean", {"out": "10", "target": "x[:, :1]"}),
    ("decoder_half_width", "log_prob_value_shape", {"out": "5", "target": "x"}),
    ("target_transposed_v3", "log_prob_value_shape", {"out": "10", "target": "x.T[:4]"}),
)

# ---------------------------------------------------------------- LKJ correlation prior dim (new)
template("corr_prior_head", "(3, 6)")(
    """
from torch.distributions import LKJCholesky


class Net(nn.Module):
    def __init__(self, groups={groups}):
        super().__init__()
        self.groups = groups
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        h = self.fc(x)
        d = h.shape[-1] // self.groups
        prior = LKJCholesky(d, concentration=2.0)
        L = prior.sample()
        return h.view(x.shape[0], self.groups, d) @ L
"""
)
add(
    "corr_prior_head",
    ("ok", "clean", {"groups": "2"}),
    ("ok_three_groups", "clean", {"groups": "3"}),
    ("one_dim_groups", "lkj_cholesky_dim", {"groups": "6"}),
    ("groups_past_width", "lkj_cholesky_dim", {"groups": "8"}),
    ("groups_not_dividing", "reshape_numel", {"groups": "4"}),
)

template("scale_tril_sampler", "(2, 4)")(
    """
from torch.distributions import LKJCholesky, MultivariateNormal

SPEC = dict(dims={dims}, eta=1.5)


def correlation_factor(spec):
    return LKJCholesky(spec["dims"], spec["eta"]).sample()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mu = nn.Linear(4, SPEC["dims"] if SPEC["dims"] > 0 else 1)

    def forward(self, x):
        L = correlation_factor(SPEC)
        return MultivariateNormal(self.mu(x), scale_tril=L).rsample()
"""
)
add(
    "scale_tril_sampler",
    ("ok", "clean", {"dims": "3"}),
    ("ok_two_dims", "clean", {"dims": "2"}),
    ("single_dim", "lkj_cholesky_dim", {"dims": "1"}),
    ("zero_dims_v2", "lkj_cholesky_dim", {"dims": "0"}),
)

# ---------------------------------------------------------------- skip_init misuse (new)
template("fast_init_builder", "(3, 16)")(
    """
from torch.nn.utils import skip_init


class Adapter(nn.Module):
    def __init__(self, d, r=4):
        super().__init__()
        self.down = nn.Linear(d, r)
        self.up = nn.Linear(r, d)

    def forward(self, x):
        return x + self.up(F.relu(self.down(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def build(self):
        return {build}

    def forward(self, x):
        layer = self.build()
        with torch.no_grad():
            for p in layer.parameters():
                p.normal_(0, 0.02)
        return layer(self.proj(x))
"""
)
add(
    "fast_init_builder",
    ("ok", "clean", {"build": "skip_init(nn.Linear, 16, 16)"}),
    ("ok_adapter_plain", "clean", {"build": "Adapter(16)"}),
    ("instance_passed", "skip_init_misuse", {"build": "skip_init(nn.Linear(16, 16))"}),
    ("adapter_without_device", "skip_init_misuse", {"build": "skip_init(Adapter, 16)"}),
)

template("lazy_head_registry", "(2, 8)")(
    """
from torch.nn.utils import skip_init

HEADS = dict(cls=(nn.Linear, (8, 3)), norm=(nn.LayerNorm, (8,)))


class Net(nn.Module):
    def __init__(self, which="{which}"):
        super().__init__()
        self.which = which
        self.trunk = nn.Sequential(nn.Linear(8, 8), nn.GELU())

    def forward(self, x):
        cls, args = HEADS[self.which]
        head = {make}
        for p in head.parameters():
            p.data.fill_(0.01)
        return head(self.trunk(x))
"""
)
add(
    "lazy_head_registry",
    ("ok", "clean", {"which": "cls", "make": "skip_init(cls, *args)"}),
    ("ok_norm", "clean", {"which": "norm", "make": "skip_init(cls, *args)"}),
    ("built_then_skipped", "skip_init_misuse", {"which": "cls", "make": "skip_init(cls(*args))"}),
    ("sequential_skipped", "skip_init_misuse", {"which": "cls", "make": "skip_init(nn.Sequential, cls(*args))"}),
)

# ---------------------------------------------------------------- to_empty without a device keyword (new)
template("meta_materialize", "(4, 6)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return self.norm(x + self.fc(x))


def materialize(d):
    with torch.device("meta"):
        blk = Block(d)
    blk = {call}
    for m in blk.modules():
        if hasattr(m, "reset_parameters"):
            m.reset_parameters()
    return blk


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(6, 6)

    def forward(self, x):
        return materialize(6)(self.inp(x))
"""
)
add(
    "meta_materialize",
    ("ok", "clean", {"call": 'blk.to_empty(device="cpu")'}),
    ("ok_device_object", "clean", {"call": 'blk.to_empty(device=torch.device("cpu"), recurse=True)'}),
    ("device_positional", "to_empty_device_kwarg", {"call": 'blk.to_empty("cpu")'}),
    ("device_missing", "to_empty_device_kwarg", {"call": "blk.to_empty()"}),
)

template("sharded_load_stub", "(2, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.src = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 5))

    def forward(self, x):
        with torch.device("meta"):
            shadow = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, {w}))
        target = x.device
        shadow = {call}
        shadow.load_state_dict(self.src.state_dict())
        return shadow(x)
"""
)
add(
    "sharded_load_stub",
    ("ok", "clean", {"w": "5", "call": "shadow.to_empty(device=target)"}),
    ("ok_recurse_kw", "clean", {"w": "5", "call": "shadow.to_empty(recurse=True, device=target)"}),
    ("target_positional", "to_empty_device_kwarg", {"w": "5", "call": "shadow.to_empty(target)"}),
    ("shadow_out_narrower", "load_state_dict_mismatch", {"w": "4", "call": "shadow.to_empty(device=target)"}),
)

# ---------------------------------------------------------------- uint16 arithmetic (new)
template("memmap_token_batch", "(2, 6)")(
    """
import numpy as np


class Net(nn.Module):
    def __init__(self, vocab=64):
        super().__init__()
        self.data = np.arange(40, dtype=np.uint16) % vocab
        self.emb = nn.Embedding(vocab + 2, 8)
        self.lm = nn.Linear(8, vocab + 2)

    def get_batch(self, n, t):
        ix = [0, 7][:n]
        rows = [torch.from_numpy(self.data[i : i + t + 1].astype(np.{npdt})) for i in ix]
        return torch.stack(rows)

    def forward(self, x):
        b = self.get_batch(x.shape[0], x.shape[1])
        inp = {shift}
        return self.lm(self.emb(inp[:, :-1].long()))
"""
)
add(
    "memmap_token_batch",
    ("ok", "clean", {"npdt": "int64", "shift": "b + 2"}),
    ("ok_cast_first", "clean", {"npdt": "uint16", "shift": "b.long() + 2"}),
    ("uint16_plus_offset", "uint16_arith_unsupported", {"npdt": "uint16", "shift": "b + 2"}),
    ("uint16_add_method", "uint16_arith_unsupported", {"npdt": "uint16", "shift": "b.add(1)"}),
)

template("packed_position_ids", "(3, 5)")(
    """
def positions(n, dtype):
    return torch.arange(n, dtype=dtype)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = nn.Embedding(16, 5)
        self.mix = nn.Linear(5, 5)

    def forward(self, x):
        p = positions(x.shape[1], {dt})
        return self.mix(x.unsqueeze(-1) * self.pos({idx}).T.unsqueeze(0)).sum(-1)
"""
)
add(
    "packed_position_ids",
    ("ok", "clean", {"dt": "torch.long", "idx": "p"}),
    ("ok_int32", "clean", {"dt": "torch.int32", "idx": "p"}),
    ("uint16_positions", "uint16_arith_unsupported", {"dt": "torch.uint16", "idx": "p.long()"}),
    ("uint32_positions_v2", "uint16_arith_unsupported", {"dt": "torch.uint32", "idx": "p.long()"}),
)
