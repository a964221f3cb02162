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
        "order_minus_two_v5",
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
    (
        "aweights_centered",
        "cov_weights_invalid",
        {"kw": "aweights", "w": "h[:, 0] - h[:, 0].mean()"},
    ),
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
    (
        "diag_of_vector",
        "diagonal_dims",
        {"counts": "torch.full((flat.shape[0],), 2)", "out": "c.diagonal().diagonal()"},
    ),
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
    (
        "lengths_long_tensor_v2",
        "binomial_count_dtype",
        {"lengths": "torch.tensor([ids.shape[1]] * ids.shape[0])"},
    ),
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
    (
        "csr_indices",
        "sparse_layout_accessor",
        {"layout": "to_sparse_csr()", "rows": "adj.indices()[0]"},
    ),
    (
        "coo_crow_indices",
        "sparse_layout_accessor",
        {
            "layout": "to_sparse().coalesce()",
            "rows": "torch.repeat_interleave(adj.crow_indices().diff())",
        },
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
    (
        "ccol_of_coo_v5",
        "sparse_layout_accessor",
        {"prep": "t.to_sparse()", "acc": "ccol_indices()"},
    ),
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
    (
        "scales_of_float",
        "quant_accessor_on_float",
        {"acc": "q_per_channel_scales()", "quantized": "False"},
    ),
    (
        "zero_points_of_float",
        "quant_accessor_on_float",
        {"acc": "q_per_channel_zero_points()", "quantized": "False"},
    ),
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
    (
        "ok_bool_cast",
        "clean",
        {"tt": "0", "switch": 'self.teacher.train(bool(CFG["teacher_train"]))'},
    ),
    (
        "flag_as_int",
        "train_mode_not_bool",
        {"tt": "0", "switch": 'self.teacher.train(CFG["teacher_train"])'},
    ),
    (
        "flag_none_v2",
        "train_mode_not_bool",
        {"tt": "None", "switch": 'self.teacher.train(mode=CFG["teacher_train"])'},
    ),
    (
        "eval_with_flag",
        "eval_called_with_mode",
        {"tt": "True", "switch": 'self.teacher.eval(CFG["teacher_train"])'},
    ),
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
    (
        "ok_train_false",
        "clean",
        {"fb": "True", "width": "8", "switch": "self.backbone.bn.train(not self.freeze_bn)"},
    ),
    (
        "eval_passed_flag_v8",
        "eval_called_with_mode",
        {"fb": "True", "width": "8", "switch": "self.backbone.bn.eval(self.freeze_bn)"},
    ),
    (
        "head_width_spatial",
        "linear_in_features",
        {"fb": "True", "width": "64", "switch": "self.backbone.bn.eval()"},
    ),
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
    ("expand_with_event", "log_prob_value_shape", {"rows": "1", "shape": "mu.shape"}),
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
    (
        "ok",
        "clean",
        {"k": "3", "bshape": "(self.k, x.shape[0])", "ret": "tiled.log_prob(a).mean(0)"},
    ),
    ("ok_single", "clean", {"k": "1", "bshape": "(x.shape[0],)", "ret": "tiled.log_prob(a)"}),
    (
        "tiles_trailing",
        "distribution_expand_shape",
        {"k": "3", "bshape": "(x.shape[0], self.k)", "ret": "tiled.log_prob(a).mean(0)"},
    ),
    (
        "tiles_per_action",
        "distribution_expand_shape",
        {"k": "4", "bshape": "(x.shape[0], self.k)", "ret": "tiled.log_prob(a).mean(0)"},
    ),
    (
        "logprob_of_wrong_rows",
        "log_prob_value_shape",
        {"k": "3", "bshape": "(self.k, x.shape[0])", "ret": "d.log_prob(a.T)"},
    ),
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
    (
        "proj_wider_than_event",
        "log_prob_value_shape",
        {"dim": "4", "feat": "6", "val": "z.unsqueeze(1)"},
    ),
    (
        "value_not_unsqueezed_v2",
        "log_prob_value_shape",
        {"dim": "4", "feat": "4", "val": "z.view(x.shape[0], 2, -1)"},
    ),
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
    ("target_transposed_v7", "log_prob_value_shape", {"out": "10", "target": "x.T[:4]"}),
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
    ("groups_not_dividing", "lkj_cholesky_dim", {"groups": "4"}),
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
    ("zero_dims_v7", "lkj_cholesky_dim", {"dims": "0"}),
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
    (
        "sequential_skipped",
        "skip_init_misuse",
        {"which": "cls", "make": "skip_init(nn.Sequential, cls(*args))"},
    ),
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
    (
        "ok_device_object",
        "clean",
        {"call": 'blk.to_empty(device=torch.device("cpu"), recurse=True)'},
    ),
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
    (
        "shadow_out_narrower",
        "load_state_dict_mismatch",
        {"w": "4", "call": "shadow.to_empty(device=target)"},
    ),
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

# ---------------------------------------------------------------- isin on complex tensors (new)
template("codebook_hit_rate", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, codes=6):
        super().__init__()
        self.to_code = nn.Linear(8, 2)
        self.book = nn.Parameter(torch.randn(codes, 2))

    def forward(self, x):
        z = torch.view_as_complex(self.to_code(x).contiguous())
        book = torch.view_as_complex(self.book.contiguous())
        q = book[(z[:, None] - book[None]).abs().argmin(-1)]
        hit = torch.isin({a}, {b})
        return hit.float().mean() + q.real.sum()
"""
)
add(
    "codebook_hit_rate",
    ("ok", "clean", {"a": "q.real", "b": "book.real"}),
    ("ok_angle_hits", "clean", {"a": "q.angle()", "b": "book.angle()"}),
    ("complex_codes", "isin_complex_dtype", {"a": "q", "b": "book"}),
    ("complex_elements_real_book", "isin_complex_dtype", {"a": "q", "b": "book.real"}),
)

template("spectral_peak_mask", "(2, 16)")(
    """
class Net(nn.Module):
    def __init__(self, keep=3):
        super().__init__()
        self.keep = keep
        self.pre = nn.Linear(16, 16)
        self.post = nn.Linear(9, 4)

    def forward(self, x):
        spec = torch.fft.rfft(self.pre(x), dim=-1)
        mag = spec.abs()
        peaks = mag.topk(self.keep, -1).values
        mask = {mask}
        return self.post(torch.where(mask, spec, 0).abs())
"""
)
add(
    "spectral_peak_mask",
    ("ok", "clean", {"mask": "torch.isin(mag, peaks)"}),
    ("ok_threshold", "clean", {"mask": "mag >= peaks[:, -1:]"}),
    ("peaks_of_spectrum", "isin_complex_dtype", {"mask": "torch.isin(spec, spec.flatten()[:3])"}),
    (
        "mask_via_method_v4",
        "isin_complex_dtype",
        {"mask": "torch.isin(elements=spec, test_elements=spec[:, :2])"},
    ),
)

# ---------------------------------------------------------------- renorm with a negative max norm (new)
template("maxnorm_embedding_reg", "(2, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, max_norm={mn}):
        super().__init__()
        self.max_norm = max_norm  # -1 meant "off" in the old config
        self.emb = nn.Embedding(2, 6)
        self.rnn = nn.GRU(6, 6, batch_first=True)

    def forward(self, ids):
        w = {renorm}
        out, h = self.rnn(F.embedding(ids, w))
        return h[-1]
"""
)
add(
    "maxnorm_embedding_reg",
    ("ok", "clean", {"mn": "1.0", "renorm": "self.emb.weight.renorm(2, 0, self.max_norm)"}),
    (
        "ok_guarded",
        "clean",
        {
            "mn": "-1.0",
            "renorm": "self.emb.weight if self.max_norm < 0 else self.emb.weight.renorm(2, 0, self.max_norm)",
        },
    ),
    (
        "off_flag_passed",
        "renorm_maxnorm_negative",
        {"mn": "-1.0", "renorm": "self.emb.weight.renorm(2, 0, self.max_norm)"},
    ),
    (
        "function_spelling",
        "renorm_maxnorm_negative",
        {"mn": "-0.5", "renorm": "torch.renorm(self.emb.weight, 2, 0, self.max_norm)"},
    ),
)

template("conv_filter_constraint", "(1, 3, 10, 10)")(
    """
class Constrained(nn.Conv2d):
    def __init__(self, *a, limit=1.0, **kw):
        super().__init__(*a, **kw)
        self.limit = limit

    def forward(self, x):
        with torch.no_grad():
            self.weight.{op}
        return super().forward(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = Constrained(3, 6, 3, limit={lim})
        self.c2 = nn.Conv2d(6, 4, 3)

    def forward(self, x):
        return self.c2(F.relu(self.c1(x))).mean((2, 3))
"""
)
add(
    "conv_filter_constraint",
    ("ok", "clean", {"op": "renorm_(2, 0, self.limit)", "lim": "1.0"}),
    ("ok_zero_limit", "clean", {"op": "renorm_(2, 0, self.limit)", "lim": "0.0"}),
    (
        "limit_negative_inplace",
        "renorm_maxnorm_negative",
        {"op": "renorm_(2, 0, self.limit)", "lim": "-2.0"},
    ),
    (
        "limit_log_scale",
        "renorm_maxnorm_negative",
        {"op": "renorm_(2, 0, float(torch.tensor(self.limit).log()))", "lim": "0.5"},
    ),
    ("dim_past_rank", "dim_range", {"op": "renorm_(2, 4, self.limit)", "lim": "1.0"}),
)

# ---------------------------------------------------------------- tensor_split with float indices (new)
template("segment_mean_pool", "(2, 12, 4)")(
    """
class Net(nn.Module):
    def __init__(self, fracs=(0.25, 0.5, 0.25)):
        super().__init__()
        self.fracs = torch.tensor(fracs)
        self.proj = nn.Linear(4, 4)
        self.out = nn.Linear(12, 3)

    def forward(self, x):
        h = self.proj(x)
        bounds = {bounds}
        segs = torch.tensor_split(h, bounds, dim=1)
        pooled = torch.cat([s.mean(1) for s in segs], -1)
        return self.out(pooled)
"""
)
add(
    "segment_mean_pool",
    ("ok", "clean", {"bounds": "(self.fracs.cumsum(0)[:-1] * h.shape[1]).long()"}),
    (
        "ok_python_ints",
        "clean",
        {"bounds": "[int(b) for b in (self.fracs.cumsum(0)[:-1] * h.shape[1])]"},
    ),
    (
        "float_bounds",
        "tensor_split_indices_dtype",
        {"bounds": "self.fracs.cumsum(0)[:-1] * h.shape[1]"},
    ),
    (
        "rounded_float_bounds",
        "tensor_split_indices_dtype",
        {"bounds": "(self.fracs.cumsum(0)[:-1] * h.shape[1]).round()"},
    ),
    ("four_segments_kept_head", "cat_linear", {"bounds": "torch.tensor([3, 6, 9])"}),
)

template("utterance_chunker", "(3, 20)")(
    """
def boundaries(n, parts):
    return torch.linspace(0, n, parts + 1)[1:-1]{cast}


class Net(nn.Module):
    def __init__(self, parts={parts}):
        super().__init__()
        self.parts = parts
        self.enc = nn.Conv1d(1, 4, 3, padding=1)

    def forward(self, x):
        h = self.enc(x.unsqueeze(1))
        chunks = h.tensor_split(boundaries(h.shape[-1], self.parts), dim=-1)
        return torch.stack([c.amax(-1) for c in chunks], 1)
"""
)
add(
    "utterance_chunker",
    ("ok", "clean", {"cast": ".long()", "parts": "4"}),
    ("ok_uneven_parts", "clean", {"cast": ".long()", "parts": "3"}),
    ("linspace_float_bounds", "tensor_split_indices_dtype", {"cast": "", "parts": "4"}),
    ("bounds_as_double_v5", "tensor_split_indices_dtype", {"cast": ".double()", "parts": "5"}),
)

# ================================================================ earlier classes in new code shapes
template("kv_cache_decoder", "(2, 4, 16)")(
    """
class KVCache:
    def __init__(self, batch, heads, max_len, dim):
        self.k = torch.zeros(batch, heads, max_len, dim)
        self.v = torch.zeros(batch, heads, max_len, dim)
        self.pos = 0

    def append(self, k, v):
        n = k.shape[2]
        self.k[:, :, self.pos : self.pos + n] = k
        self.v[:, :, self.pos : self.pos + n] = v
        self.pos += n
        return self.k[:, :, : self.pos], self.v[:, :, : self.pos]


class Net(nn.Module):
    def __init__(self, heads=2, max_len={max_len}):
        super().__init__()
        self.h = heads
        self.max_len = max_len
        self.qkv = nn.Linear(16, 48)
        self.o = nn.Linear(16, 16)

    def split(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.h, {hd}).transpose(1, 2)

    def forward(self, x):
        cache = KVCache(x.shape[0], self.h, self.max_len, 8)
        outs = []
        for step in range(3):
            q, k, v = self.qkv(x[:, step : step + 2]).split(16, -1)
            q, k, v = map(self.split, (q, k, v))
            k, v = cache.append(k, v)
            a = F.scaled_dot_product_attention(q, k, v)
            outs.append(a.transpose(1, 2).reshape(x.shape[0], -1, 16))
        return self.o(torch.cat(outs, 1))
"""
)
add(
    "kv_cache_decoder",
    ("ok", "clean", {"max_len": "6", "hd": "8"}),
    ("ok_roomy_cache", "clean", {"max_len": "32", "hd": "-1"}),
    ("cache_one_short", "kv_cache_overflow", {"max_len": "5", "hd": "8"}),
    ("head_dim_sixteen", "reshape_numel", {"max_len": "6", "hd": "16"}),
)

template("beam_reorder_step", "(3, 10)")(
    """
class Net(nn.Module):
    def __init__(self, beams={beams}, vocab=10):
        super().__init__()
        self.beams = beams
        self.step = nn.Linear(10, vocab)

    def forward(self, x):
        B = x.shape[0]
        logp = self.step(x).log_softmax(-1)
        scores = logp.unsqueeze(1).expand(B, self.beams, -1).reshape(B, -1)
        top, idx = scores.topk({k}, dim=-1)
        beam_of = idx // logp.shape[-1]
        hidden = x.unsqueeze(1).expand(B, self.beams, -1)
        picked = hidden.gather(1, {gidx})
        return picked.sum(-1) + top
"""
)
add(
    "beam_reorder_step",
    (
        "ok",
        "clean",
        {
            "beams": "2",
            "k": "self.beams",
            "gidx": "beam_of.unsqueeze(-1).expand(-1, -1, x.shape[1])",
        },
    ),
    (
        "ok_k_all_beams",
        "clean",
        {"beams": "4", "k": "4", "gidx": "beam_of[..., None].expand(B, 4, 10)"},
    ),
    (
        "k_past_candidates",
        "topk_k",
        {
            "beams": "2",
            "k": "self.beams * 12",
            "gidx": "beam_of.unsqueeze(-1).expand(-1, -1, x.shape[1])",
        },
    ),
    ("gather_index_2d", "gather_index_rank", {"beams": "2", "k": "self.beams", "gidx": "beam_of"}),
)

template("patch_embed_einops", "(2, 3, 16, 16)")(
    """
from einops import rearrange


class PatchEmbed(nn.Module):
    def __init__(self, p, c, d):
        super().__init__()
        self.p = p
        self.proj = nn.Linear(p * p * c, d)

    def forward(self, img):
        t = rearrange(img, "{pattern}", p1=self.p, p2=self.p)
        return self.proj(t)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = PatchEmbed({p}, 3, 32)
        self.cls = nn.Linear(32, 5)

    def forward(self, x):
        return self.cls(self.embed(x).mean(1))
"""
)
_PE = "b c (h p1) (w p2) -> b (h w) (p1 p2 c)"
add(
    "patch_embed_einops",
    ("ok", "clean", {"pattern": _PE, "p": "4"}),
    ("ok_patch_eight", "clean", {"pattern": _PE, "p": "8"}),
    ("patch_six", "einops_axes", {"pattern": _PE, "p": "6"}),
    (
        "channels_left_out",
        "linear_in_features",
        {"pattern": "b c (h p1) (w p2) -> b (h w c) (p1 p2)", "p": "4"},
    ),
)

template("fused_qkv_split_cfg", "(2, 5, 24)")(
    """
class Attn(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        d, kv = cfg["dim"], cfg["kv_dim"]
        self.qkv = nn.Linear(d, d + 2 * kv)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).split({sizes}, dim=-1)
        w = torch.softmax(q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5, -1)
        return self.out(w @ v)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn(dict(dim=24, kv_dim={kv}))

    def forward(self, x):
        return self.attn(x)
"""
)
add(
    "fused_qkv_split_cfg",
    (
        "ok",
        "clean",
        {"kv": "24", "sizes": '[self.cfg["dim"], self.cfg["kv_dim"], self.cfg["kv_dim"]]'},
    ),
    ("ok_uniform_split", "clean", {"kv": "24", "sizes": "24"}),
    ("sizes_assume_dim", "split_sizes", {"kv": "12", "sizes": '[self.cfg["dim"]] * 3'}),
    ("uniform_split_four_parts", "split_unpack_count", {"kv": "36", "sizes": "24"}),
    ("narrow_kv_matmul", "matmul", {"kv": "12", "sizes": '[24, self.cfg["kv_dim"], 12]'}),
)

template("relation_bmm_head", "(4, 6, 8)")(
    """
class Net(nn.Module):
    def __init__(self, d={d}):
        super().__init__()
        self.q = nn.Linear(8, d)
        self.k = nn.Linear(8, d)
        self.out = nn.Linear(6, 2)

    def scores(self, a, b):
        return {expr}

    def forward(self, x):
        s = self.scores(self.q(x), self.k(x))
        return self.out(s.mean(1))
"""
)
add(
    "relation_bmm_head",
    ("ok", "clean", {"d": "8", "expr": "torch.bmm(a, b.transpose(1, 2))"}),
    ("ok_einsum", "clean", {"d": "4", "expr": 'torch.einsum("bid,bjd->bij", a, b)'}),
    ("bmm_untransposed", "bmm", {"d": "4", "expr": "torch.bmm(a, b)"}),
    ("einsum_wrong_subscripts", "einsum", {"d": "4", "expr": 'torch.einsum("bid,bdj->bij", a, b)'}),
    ("ok_square_untransposed", "clean", {"d": "6", "expr": "a.bmm(b)"}),
)

template("masked_mean_pooler", "(3, 7, 5)")(
    """
class Pool(nn.Module):
    def forward(self, h, mask):
        m = {m}
        return (h * m).sum(1) / m.sum(1).clamp(min=1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(5, 5), nn.GELU())
        self.pool = Pool()
        self.head = nn.Linear(5, 2)

    def forward(self, x):
        lengths = torch.tensor([7, 4, 2])
        mask = torch.arange(x.shape[1])[None, :] < lengths[:, None]
        return self.head(self.pool(self.enc(x), mask))
"""
)
add(
    "masked_mean_pooler",
    ("ok", "clean", {"m": "mask.unsqueeze(-1).float()"}),
    ("ok_bool_mul", "clean", {"m": "mask[..., None]"}),
    ("mask_not_unsqueezed", "broadcast_add", {"m": "mask.float()"}),
    ("mask_transposed", "broadcast_add", {"m": "mask.T.unsqueeze(-1).float()"}),
)

template("lora_wrapped_linear", "(3, 12)")(
    """
class LoRALinear(nn.Module):
    def __init__(self, base, r, alpha=8):
        super().__init__()
        self.base = base
        self.A = nn.Parameter(torch.randn(r, base.in_features) * 0.01)
        self.B = nn.Parameter(torch.zeros(base.out_features, r))
        self.scale = alpha / r

    def forward(self, x):
        return self.base(x) + {delta} * self.scale


class Net(nn.Module):
    def __init__(self, r={r}):
        super().__init__()
        self.l1 = LoRALinear(nn.Linear(12, 20), r)
        self.l2 = LoRALinear(nn.Linear(20, 4), r)

    def forward(self, x):
        return self.l2(F.silu(self.l1(x)))
"""
)
add(
    "lora_wrapped_linear",
    ("ok", "clean", {"r": "4", "delta": "(x @ self.A.T) @ self.B.T"}),
    (
        "ok_rank_one_functional",
        "clean",
        {"r": "1", "delta": "F.linear(F.linear(x, self.A), self.B)"},
    ),
    ("A_not_transposed", "matmul", {"r": "4", "delta": "(x @ self.A) @ self.B.T"}),
    ("merged_delta_wrong_order", "matmul", {"r": "4", "delta": "x @ (self.A.T @ self.B)"}),
    ("ok_merged_delta", "clean", {"r": "4", "delta": "x @ (self.B @ self.A).T"}),
)

template("window_attention_block", "(2, 8, 8, 6)")(
    """
def window_partition(x, ws):
    B, H, W, C = x.shape
    x = x.view(B, H // ws, ws, W // ws, ws, C)
    return x.{tail}


class Net(nn.Module):
    def __init__(self, ws={ws}):
        super().__init__()
        self.ws = ws
        self.attn = nn.MultiheadAttention(6, 2, batch_first=True)

    def forward(self, x):
        w = window_partition(x, self.ws)
        out, _ = self.attn(w, w, w)
        return out.mean(1)
"""
)
add(
    "window_attention_block",
    ("ok", "clean", {"ws": "4", "tail": "permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)"}),
    (
        "ok_window_two",
        "clean",
        {"ws": "2", "tail": "permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, ws * ws, C)"},
    ),
    (
        "view_after_permute",
        "view_noncontiguous",
        {"ws": "4", "tail": "permute(0, 1, 3, 2, 4, 5).view(-1, ws * ws, C)"},
    ),
    (
        "window_not_dividing",
        "reshape_numel",
        {"ws": "3", "tail": "permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)"},
    ),
)

template("gated_mlp_chunks", "(4, 10)")(
    """
class GatedFF(nn.Module):
    def __init__(self, d, hidden, parts):
        super().__init__()
        self.parts = parts
        self.w_in = nn.Linear(d, hidden * parts)
        self.w_out = nn.Linear(hidden, d)

    def forward(self, x):
        {unpack}
        return self.w_out(F.silu(gate) * up)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([GatedFF(10, 16, {parts}) for _ in range(2)])

    def forward(self, x):
        for b in self.blocks:
            x = x + b(x)
        return x
"""
)
add(
    "gated_mlp_chunks",
    ("ok", "clean", {"parts": "2", "unpack": "gate, up = self.w_in(x).chunk(self.parts, -1)"}),
    (
        "ok_tensor_split",
        "clean",
        {"parts": "2", "unpack": "gate, up = torch.tensor_split(self.w_in(x), 2, dim=-1)"},
    ),
    (
        "three_parts_two_names",
        "chunk_unpack_count",
        {"parts": "3", "unpack": "gate, up = self.w_in(x).chunk(self.parts, -1)"},
    ),
    (
        "unbind_hidden_axis",
        "unbind_unpack",
        {"parts": "2", "unpack": "gate, up = self.w_in(x).unbind(-1)"},
    ),
    (
        "ok_unflatten_unbind",
        "clean",
        {"parts": "2", "unpack": "gate, up = self.w_in(x).unflatten(-1, (2, -1)).unbind(-2)"},
    ),
)

template("amp_step_with_scaler", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
        self.scaler = torch.amp.GradScaler("cpu")

    def forward(self, x):
        self.opt = torch.optim.{opt}
        with torch.enable_grad():
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = self.model(x).float().pow(2).mean()
            {step}
        return loss.detach()
"""
)
_SC = "self.scaler.scale(loss).backward(); self.scaler.step(self.opt); self.scaler.update()"
add(
    "amp_step_with_scaler",
    ("ok", "clean", {"opt": "AdamW(self.model.parameters(), lr=1e-3)", "step": _SC}),
    (
        "ok_sgd_momentum",
        "clean",
        {"opt": "SGD(self.model.parameters(), lr=0.1, momentum=0.9, nesterov=True)", "step": _SC},
    ),
    (
        "eps_negative",
        "optimizer_hparam_range",
        {"opt": "AdamW(self.model.parameters(), lr=1e-3, eps=-1e-8)", "step": _SC},
    ),
    (
        "betas_triple",
        "optimizer_betas_len",
        {"opt": "Adam(self.model.parameters(), betas=(0.9, 0.99, 0.999))", "step": _SC},
    ),
    (
        "unscale_twice",
        "grad_scaler_order",
        {
            "opt": "AdamW(self.model.parameters(), lr=1e-3)",
            "step": "self.scaler.scale(loss).backward(); self.scaler.unscale_(self.opt); self.scaler.unscale_(self.opt); self.scaler.step(self.opt)",
        },
    ),
)

template("warmup_cosine_sched", "(2, 4)")(
    """
def build_scheduler(opt, cfg):
    warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=cfg["start"], total_iters=cfg["warm"])
    cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg["total"] - cfg["warm"])
    return torch.optim.lr_scheduler.SequentialLR(opt, [warm, cos], milestones={ms})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.opt = torch.optim.SGD(self.fc.parameters(), lr=0.1)
        self.cfg = dict(start={start}, warm=3, total=10)

    def forward(self, x):
        sched = build_scheduler(self.opt, self.cfg)
        for _ in range(4):
            self.opt.step()
            sched.step()
        return self.fc(x) * sched.get_last_lr()[0]
"""
)
add(
    "warmup_cosine_sched",
    ("ok", "clean", {"ms": '[cfg["warm"]]', "start": "0.1"}),
    ("ok_start_one", "clean", {"ms": 'list((cfg["warm"],))', "start": "1.0"}),
    (
        "two_milestones",
        "scheduler_milestones_count",
        {"ms": '[cfg["warm"], cfg["total"]]', "start": "0.1"},
    ),
    ("start_factor_zero", "scheduler_hparam_range", {"ms": '[cfg["warm"]]', "start": "0.0"}),
)

template("ckpt_buffer_roundtrip", "(2, 6)")(
    """
import io


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(6, {w})
        self.register_buffer("steps", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        buf = io.BytesIO()
        torch.save({obj}, buf)
        {rewind}
        state = torch.load(buf{load_kw})
        fresh = nn.Linear(6, 6)
        fresh.load_state_dict({{k[4:]: v for k, v in state.items() if k.startswith("enc.")}})
        return fresh(x)
"""
)
add(
    "ckpt_buffer_roundtrip",
    ("ok", "clean", {"w": "6", "obj": "self.state_dict()", "rewind": "buf.seek(0)", "load_kw": ""}),
    (
        "ok_getvalue_copy",
        "clean",
        {
            "w": "6",
            "obj": "self.state_dict()",
            "rewind": "buf = io.BytesIO(buf.getvalue())",
            "load_kw": ", weights_only=True",
        },
    ),
    (
        "not_rewound",
        "load_buffer_not_rewound",
        {"w": "6", "obj": "self.state_dict()", "rewind": "pass", "load_kw": ""},
    ),
    (
        "enc_wider_v5",
        "load_state_dict_mismatch",
        {"w": "8", "obj": "self.state_dict()", "rewind": "buf.seek(0)", "load_kw": ""},
    ),
    (
        "whole_module_weights_only",
        "checkpoint_weights_only_object",
        {
            "w": "6",
            "obj": "dict(sd=self.state_dict(), layer=self.enc)",
            "rewind": "buf.seek(0)",
            "load_kw": "",
        },
    ),
)

template("rotary_cached_attention", "(2, 6, 16)")(
    """
class Rotary(nn.Module):
    def __init__(self, dim, max_pos):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        t = torch.arange(max_pos).float()
        freqs = torch.outer(t, inv)
        self.register_buffer("cos", freqs.cos(), persistent=False)
        self.register_buffer("sin", freqs.sin(), persistent=False)

    def forward(self, x, offset=0):
        n = x.shape[-2]
        cos, sin = self.cos[offset : offset + n], self.sin[offset : offset + n]
        x1, x2 = x[..., ::2], x[..., 1::2]
        return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), -1).flatten(-2)


class Net(nn.Module):
    def __init__(self, heads=2, max_pos={mp}, rot_dim={rd}):
        super().__init__()
        self.h = heads
        self.qk = nn.Linear(16, 32)
        self.rope = Rotary(rot_dim, max_pos)

    def forward(self, x):
        q, k = self.qk(x).view(x.shape[0], x.shape[1], 2, self.h, -1).permute(2, 0, 3, 1, 4)
        q, k = self.rope(q, offset={off}), self.rope(k, offset={off})
        return (q @ k.transpose(-1, -2)).softmax(-1).sum()
"""
)
add(
    "rotary_cached_attention",
    ("ok", "clean", {"mp": "8", "rd": "8", "off": "0"}),
    ("ok_offset_fits", "clean", {"mp": "8", "rd": "8", "off": "2"}),
    ("offset_past_table", "pos_table_length", {"mp": "8", "rd": "8", "off": "4"}),
    ("rot_dim_model_width", "rope_dims", {"mp": "8", "rd": "16", "off": "0"}),
)

template("grouped_query_cfg", "(2, 5, 32)")(
    """
CONFIG = dict(dim=32, heads=4, kv_heads={kvh}, head_dim=8)


class GQA(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.q = nn.Linear(c["dim"], c["heads"] * c["head_dim"])
        self.kv = nn.Linear(c["dim"], 2 * c["kv_heads"] * c["head_dim"])

    def forward(self, x):
        B, N, _ = x.shape
        c = self.c
        q = self.q(x).view(B, N, c["heads"], -1).transpose(1, 2)
        k, v = self.kv(x).view(B, N, 2, c["kv_heads"], -1).permute(2, 0, 3, 1, 4)
        {expand}
        return F.scaled_dot_product_attention(q, k, v{mask}).transpose(1, 2).reshape(B, N, -1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = GQA(CONFIG)
        self.out = nn.Linear(32, 32)

    def forward(self, x):
        return self.out(self.attn(x))
"""
)
_REP = "rep = q.shape[1] // k.shape[1]; k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)"
add(
    "grouped_query_cfg",
    ("ok", "clean", {"kvh": "2", "expand": _REP, "mask": ""}),
    (
        "ok_mqa_bool_mask",
        "clean",
        {
            "kvh": "1",
            "expand": _REP,
            "mask": ", attn_mask=torch.ones(N, N, dtype=torch.bool).tril()",
        },
    ),
    ("kv_heads_three", "kv_heads", {"kvh": "3", "expand": _REP, "mask": ""}),
    (
        "mask_batch_only",
        "sdpa_attn_mask_shape",
        {"kvh": "2", "expand": _REP, "mask": ", attn_mask=torch.ones(B, N, dtype=torch.bool)"},
    ),
    ("no_repeat_kv", "sdpa_gqa_heads", {"kvh": "2", "expand": "pass", "mask": ""}),
)

template("packed_gru_encoder", "(3, 7, 4)")(
    """
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 6, batch_first=True, bidirectional=True)

    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=True{sorted_kw})
        out, h = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True{total})
        return out, h


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()
        self.tag = nn.Linear({tw}, 3)

    def forward(self, x):
        lengths = torch.tensor({lengths})
        out, _ = self.enc(x, lengths)
        return self.tag(out)
"""
)
add(
    "packed_gru_encoder",
    ("ok", "clean", {"sorted_kw": "", "total": "", "tw": "12", "lengths": "[7, 5, 2]"}),
    (
        "ok_unsorted_allowed",
        "clean",
        {
            "sorted_kw": ", enforce_sorted=False",
            "total": ", total_length=7",
            "tw": "12",
            "lengths": "[2, 7, 5]",
        },
    ),
    (
        "unsorted_lengths",
        "pack_lengths_unsorted",
        {"sorted_kw": "", "total": "", "tw": "12", "lengths": "[2, 7, 5]"},
    ),
    (
        "tagger_one_direction",
        "linear_in_features",
        {"sorted_kw": "", "total": "", "tw": "6", "lengths": "[7, 5, 2]"},
    ),
    (
        "total_length_short",
        "pad_packed_total_length",
        {"sorted_kw": "", "total": ", total_length=5", "tw": "12", "lengths": "[7, 5, 2]"},
    ),
)

template("lstm_state_carry", "(3, 5, 3)")(
    """
class Net(nn.Module):
    def __init__(self, layers={layers}):
        super().__init__()
        self.layers = layers
        self.lstm = nn.LSTM(3, 8, num_layers=2, batch_first=True)
        self.head = nn.Linear(8, 1)

    def init_state(self, b):
        z = torch.zeros({state_shape})
        return (z, z.clone())

    def forward(self, x):
        state = self.init_state(x.shape[0])
        out, state = self.lstm(x, state)
        return self.head(out[:, -1])
"""
)
add(
    "lstm_state_carry",
    ("ok", "clean", {"layers": "2", "state_shape": "self.layers, b, 8"}),
    ("ok_literal_layers", "clean", {"layers": "2", "state_shape": "2, b, 8"}),
    ("state_batch_first", "lstm_c0_shape", {"layers": "2", "state_shape": "b, self.layers, 8"}),
    ("state_one_layer", "lstm_c0_shape", {"layers": "1", "state_shape": "self.layers, b, 8"}),
)

template("stft_feature_frontend", "(2, 400)")(
    """
FE = dict(n_fft={n_fft}, hop=100, win={win})


class Frontend(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.register_buffer("window", torch.hann_window(cfg["win"]))

    def forward(self, wav):
        spec = torch.stft(wav, self.cfg["n_fft"], self.cfg["hop"], window=self.window, return_complex=True)
        return {post}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fe = Frontend(FE)
        self.proj = nn.Linear(FE["n_fft"] // 2 + 1, 8)

    def forward(self, x):
        return self.proj(self.fe(x).transpose(1, 2))
"""
)
add(
    "stft_feature_frontend",
    ("ok", "clean", {"n_fft": "128", "win": "128", "post": "spec.abs().log1p()"}),
    ("ok_power", "clean", {"n_fft": "128", "win": "128", "post": "spec.abs().pow(2)"}),
    (
        "window_longer_than_fft",
        "stft_window",
        {"n_fft": "128", "win": "200", "post": "spec.abs().log1p()"},
    ),
    (
        "relu_on_spectrum",
        "complex_activation",
        {"n_fft": "128", "win": "128", "post": "F.relu(spec).abs()"},
    ),
    (
        "log_of_complex_then_linear",
        "linear_complex_input",
        {"n_fft": "128", "win": "128", "post": "spec.log1p()"},
    ),
)

template("spectral_conv_mixer", "(2, 4, 16)")(
    """
class SpectralConv1d(nn.Module):
    def __init__(self, ch, modes):
        super().__init__()
        self.modes = modes
        self.w = nn.Parameter(torch.randn(ch, ch, modes, 2) * 0.1)

    def forward(self, x):
        xf = torch.fft.rfft(x, dim=-1)
        w = {w}
        out = torch.zeros_like(xf)
        out[..., : self.modes] = torch.einsum("bim,iom->bom", xf[..., : self.modes], w)
        return torch.fft.irfft(out, n=x.shape[-1], dim=-1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.spec = SpectralConv1d(4, {modes})
        self.pw = nn.Conv1d(4, 4, 1)

    def forward(self, x):
        return F.gelu(self.spec(x) + self.pw(x))
"""
)
add(
    "spectral_conv_mixer",
    ("ok", "clean", {"w": "torch.view_as_complex(self.w)", "modes": "5"}),
    ("ok_all_modes", "clean", {"w": "torch.complex(self.w[..., 0], self.w[..., 1])", "modes": "9"}),
    ("weights_not_complex", "einsum_dtype_mix", {"w": "self.w[..., 0]", "modes": "5"}),
    ("modes_past_spectrum", "einsum", {"w": "torch.view_as_complex(self.w)", "modes": "12"}),
    (
        "complex_from_wrong_axis",
        "view_as_complex_last2",
        {"w": "torch.view_as_complex(self.w.transpose(-1, -2).contiguous())", "modes": "5"},
    ),
)

template("per_sample_grads_func", "(4, 5)")(
    """
from torch.func import functional_call, grad, vmap


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(5, 6), nn.Tanh(), nn.Linear(6, 1))

    def forward(self, x):
        params = dict(self.model.named_parameters())
        y = x.sum(-1, keepdim=True)

        def loss_fn(p, xi, yi):
            out = functional_call(self.model, p, (xi.unsqueeze(0),))
            return {loss}

        g = vmap(grad(loss_fn), in_dims=(None, 0, {ydim}))(params, x, y)
        return torch.cat([v.flatten(1) for v in g.values()], 1).norm(dim=1)
"""
)
add(
    "per_sample_grads_func",
    ("ok", "clean", {"loss": "F.mse_loss(out.squeeze(0), yi)", "ydim": "0"}),
    ("ok_sum_reduction", "clean", {"loss": "((out - yi) ** 2).sum()", "ydim": "0"}),
    ("loss_per_element", "func_grad_nonscalar", {"loss": "(out - yi) ** 2", "ydim": "0"}),
    (
        "y_in_dim_past_rank",
        "vmap_in_dim_range",
        {"loss": "F.mse_loss(out.squeeze(0), yi)", "ydim": "2"},
    ),
)

template("straight_through_quant", "(3, 8)")(
    """
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(x)
        return torch.round(x / scale) * scale

    @staticmethod
    def backward(ctx, g):
        {back}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 8)
        self.fc2 = nn.Linear(8, 2)
        self.scale = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        with torch.enable_grad():
            h = RoundSTE.apply(self.fc1(x), self.scale)
            loss = self.fc2(h).pow(2).mean()
            loss.backward()
        return loss.detach() + self.fc1.weight.grad.norm()
"""
)
add(
    "straight_through_quant",
    ("ok", "clean", {"back": "return g, None"}),
    ("ok_zero_scale_grad", "clean", {"back": "return g, torch.zeros(())"}),
    ("returns_only_input_grad", "autograd_function_grad_count", {"back": "return g"}),
    # written as a crash (autograd_function_grad_shape); torch 2.13 runs it: a gradient of the
    # input's shape for a 0-d parameter is summed down to it
    ("scale_grad_full_shape", "clean", {"back": "return g, g"}),
)

template("activation_stats_hooks", "(2, 6)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 4), nn.ReLU(), nn.Linear(4, 2))
        self.stats = []
        for m in self.body:
            if isinstance(m, nn.Linear):
                m.register_forward_hook(self.hook)

    def hook(self, mod, inp, out):
        self.stats.append(out.detach().abs().mean())
        {ret}

    def forward(self, x):
        self.stats.clear()
        return self.body(x), torch.stack(self.stats)
"""
)
add(
    "activation_stats_hooks",
    ("ok", "clean", {"ret": "return None"}),
    ("ok_scaled_output", "clean", {"ret": "return out * 1.0"}),
    ("returns_stats_tuple", "forward_hook_output", {"ret": "return out, self.stats[-1]"}),
    ("returns_mean_only", "linear_in_features", {"ret": "return out.mean(-1)"}),
)

template("init_scheme_cfg", "(2, 4, 9, 9)")(
    """
INIT = dict(conv="{conv}", bias="{bias}")


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        getattr(nn.init, INIT["conv"])(m.weight)
        if m.bias is not None:
            getattr(nn.init, INIT["bias"])(m.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(4, 8, 3), nn.GroupNorm(2, 8), nn.SiLU(), nn.Conv2d(8, 8, 3))

    def forward(self, x):
        self.stem.apply(init_weights)
        return self.stem(x).mean((2, 3))
"""
)
add(
    "init_scheme_cfg",
    ("ok", "clean", {"conv": "kaiming_normal_", "bias": "zeros_"}),
    ("ok_orthogonal_conv", "clean", {"conv": "orthogonal_", "bias": "zeros_"}),
    ("xavier_on_bias", "init_fan_rank", {"conv": "kaiming_normal_", "bias": "xavier_uniform_"}),
    ("orthogonal_bias", "orthogonal_init_rank", {"conv": "orthogonal_", "bias": "orthogonal_"}),
    ("eye_on_conv", "init_matrix_only", {"conv": "eye_", "bias": "zeros_"}),
)

template("unet_decoder_cfg", "(1, 3, 20, 20)")(
    """
class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.conv(x)), 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.d1, self.d2 = Down(3, 8), Down(8, 16)
        self.up = nn.ConvTranspose2d(16, 8, 2, stride=2)
        self.fuse = nn.Conv2d({fuse_in}, 8, 3, padding=1)

    def forward(self, x):
        s1 = self.d1(x)
        y = self.up(self.d2(s1))
        {align}
        return self.fuse(torch.cat([y, s1], 1))
"""
)
add(
    "unet_decoder_cfg",
    ("ok", "clean", {"fuse_in": "16", "align": "pass"}),
    (
        "ok_interp_to_skip",
        "clean",
        {"fuse_in": "16", "align": 'y = F.interpolate(y, size=s1.shape[-2:], mode="nearest")'},
    ),
    ("fuse_expects_up_only", "conv_in_channels", {"fuse_in": "8", "align": "pass"}),
    (
        "interp_size_with_channels",
        "interp_size_len",
        {"fuse_in": "16", "align": 'y = F.interpolate(y, size=s1.shape[1:], mode="nearest")'},
    ),
)

template("subpixel_upsampler", "(1, 4, 6, 6)")(
    """
class Upsampler(nn.Sequential):
    def __init__(self, ch, scale, expand):
        super().__init__(nn.Conv2d(ch, ch * expand, 3, padding=1), nn.PixelShuffle(scale))


class Net(nn.Module):
    def __init__(self, scale={scale}, expand={expand}):
        super().__init__()
        self.up = Upsampler(4, scale, expand)
        self.out = nn.Conv2d({out_in}, 3, 3, padding=1)

    def forward(self, x):
        return self.out(self.up(x))
"""
)
add(
    "subpixel_upsampler",
    ("ok", "clean", {"scale": "2", "expand": "4", "out_in": "4"}),
    ("ok_scale_three", "clean", {"scale": "3", "expand": "9", "out_in": "4"}),
    ("expand_not_square", "pixel_shuffle", {"scale": "3", "expand": "4", "out_in": "4"}),
    ("out_expects_expanded_v2", "conv_in_channels", {"scale": "2", "expand": "4", "out_in": "16"}),
)

template("clip_style_contrastive", "(4, 10)")(
    """
class Tower(nn.Module):
    def __init__(self, d, e):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 16), nn.GELU(), nn.Linear(16, e))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.img = Tower(10, 8)
        self.txt = Tower(10, {te})
        self.logit_scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        a, b = self.img(x), self.txt(x.flip(0))
        logits = self.logit_scale.exp() * a @ b.T
        labels = {labels}
        return (F.cross_entropy(logits, labels{ls}) + F.cross_entropy(logits.T, labels)) / 2
"""
)
add(
    "clip_style_contrastive",
    ("ok", "clean", {"te": "8", "labels": "torch.arange(logits.shape[0])", "ls": ""}),
    (
        "ok_smoothed",
        "clean",
        {"te": "8", "labels": "torch.arange(len(a))", "ls": ", label_smoothing=0.1"},
    ),
    (
        "text_embed_wider",
        "matmul",
        {"te": "12", "labels": "torch.arange(logits.shape[0])", "ls": ""},
    ),
    (
        "labels_as_float",
        "ce_target_dtype",
        {"te": "8", "labels": "torch.arange(logits.shape[0]).float()", "ls": ""},
    ),
    (
        "smoothing_percent",
        "label_smoothing_range",
        {"te": "8", "labels": "torch.arange(len(a))", "ls": ", label_smoothing=5.0"},
    ),
)

template("multilabel_tagger_loss", "(3, 12)")(
    """
TAGS = ["cat", "dog", "car", "tree", "sky"]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(12, 12), nn.ReLU())
        self.cls = nn.Linear(12, len(TAGS))
        self.crit = nn.BCEWithLogitsLoss(pos_weight={pw})

    def forward(self, x):
        logits = self.cls(self.enc(x))
        target = {target}
        return self.crit(logits, target)
"""
)
add(
    "multilabel_tagger_loss",
    ("ok", "clean", {"pw": "torch.ones(len(TAGS))", "target": "(x[:, : len(TAGS)] > 0).float()"}),
    (
        "ok_scalar_pos_weight",
        "clean",
        {"pw": "torch.tensor(2.0)", "target": "(x[:, :5] > 0).float()"},
    ),
    (
        "pos_weight_per_sample",
        "pos_weight_size",
        {"pw": "torch.ones(3)", "target": "(x[:, :5] > 0).float()"},
    ),
    (
        "target_all_features",
        "bce_target_size",
        {"pw": "torch.ones(len(TAGS))", "target": "(x > 0).float()"},
    ),
    (
        "target_class_ids_v3",
        "bce_target_size",
        {"pw": "None", "target": "x[:, :5].argmax(-1).float()"},
    ),
)

template("fake_quant_observer", "(2, 6)")(
    """
class Observer(nn.Module):
    def __init__(self, bits={bits}):
        super().__init__()
        self.qmin, self.qmax = {qrange}

    def forward(self, w):
        lo, hi = w.min(1).values, w.max(1).values
        scale = (hi - lo).clamp(min=1e-6) / (self.qmax - self.qmin)
        zp = (self.qmin - lo / scale).round().int()
        return torch.fake_quantize_per_channel_affine(w, {scale}, zp, 0, self.qmin, self.qmax)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.obs = Observer()

    def forward(self, x):
        return F.linear(x, self.obs(self.fc.weight), self.fc.bias)
"""
)
add(
    "fake_quant_observer",
    ("ok", "clean", {"bits": "8", "qrange": "0, 2**bits - 1", "scale": "scale"}),
    ("ok_four_bits", "clean", {"bits": "4", "qrange": "0, 2**bits - 1", "scale": "scale"}),
    (
        "range_reversed",
        "fake_quant_min_max",
        {"bits": "8", "qrange": "2**bits - 1, 0", "scale": "scale"},
    ),
    (
        "scale_per_tensor",
        "quantize_scales_len",
        {"bits": "8", "qrange": "0, 2**bits - 1", "scale": "scale.mean().expand(1)"},
    ),
)

template("topk_sampling_decode", "(2, 8)")(
    """
class Net(nn.Module):
    def __init__(self, vocab=12, steps=3):
        super().__init__()
        self.emb = nn.Linear(8, 16)
        self.lm = nn.Linear(16, vocab)
        self.steps = steps

    def sample(self, logits):
        v, i = logits.topk({k}, -1)
        probs = torch.softmax(v / {temp}, -1)
        return i.gather(-1, torch.multinomial(probs, {n}{repl}))

    def forward(self, x):
        h = self.emb(x)
        out = []
        for _ in range(self.steps):
            out.append(self.sample(self.lm(h)))
        return torch.cat(out, -1)
"""
)
add(
    "topk_sampling_decode",
    ("ok", "clean", {"k": "5", "temp": "0.7", "n": "1", "repl": ""}),
    (
        "ok_many_with_replacement",
        "clean",
        {"k": "3", "temp": "1.0", "n": "6", "repl": ", replacement=True"},
    ),
    (
        "many_without_replacement",
        "multinomial_samples",
        {"k": "3", "temp": "1.0", "n": "6", "repl": ""},
    ),
    ("k_past_vocab", "topk_k", {"k": "20", "temp": "0.7", "n": "1", "repl": ""}),
    (
        "greedy_as_zero_temp",
        "temperature_zero_sampling",
        {"k": "5", "temp": "0.0", "n": "1", "repl": ""},
    ),
)

template("ragged_collate_pipeline", "(2, 3)")(
    """
from torch.utils.data import DataLoader
from torch.nn.utils.rnn import pad_sequence


class Seqs(torch.utils.data.Dataset):
    def __init__(self, lengths):
        self.items = [torch.arange(n).float() for n in lengths]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


def collate(batch):
    return {collate}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.loader = DataLoader(Seqs([3, 5, 2, 4]), batch_size=2, collate_fn={cfn})
        self.rnn = nn.GRU(1, 4, batch_first=True)

    def forward(self, x):
        outs = [self.rnn(b.unsqueeze(-1))[1][-1] for b in self.loader]
        return torch.cat(outs) + x.sum()
"""
)
add(
    "ragged_collate_pipeline",
    ("ok", "clean", {"collate": "pad_sequence(batch, batch_first=True)", "cfn": "collate"}),
    (
        "ok_left_pad",
        "clean",
        {"collate": 'pad_sequence(batch, batch_first=True, padding_side="left")', "cfn": "collate"},
    ),
    ("default_collate_ragged", "collate_unequal_sizes", {"collate": "batch", "cfn": "None"}),
    ("stack_in_collate", "stack_shapes", {"collate": "torch.stack(batch)", "cfn": "collate"}),
)

template("moe_topk_router", "(6, 8)")(
    """
class Expert(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return self.ff(x)


class Net(nn.Module):
    def __init__(self, n_exp=4, k={k}):
        super().__init__()
        self.k = k
        self.router = nn.Linear(8, {router_out})
        self.experts = nn.ModuleList(Expert(8) for _ in range(n_exp))

    def forward(self, x):
        w, idx = self.router(x).softmax(-1).topk(self.k, -1)
        out = torch.zeros_like(x)
        for e in idx.unique().tolist():
            rows, slot = (idx == e).nonzero(as_tuple=True)
            if rows.numel():
                out.index_add_(0, rows, self.experts[e](x[rows]) * w[rows, slot, None])
        load = torch.bincount(idx.flatten(), minlength=len(self.experts))
        return out, load
"""
)
add(
    "moe_topk_router",
    ("ok", "clean", {"k": "2", "router_out": "4"}),
    ("ok_top1", "clean", {"k": "1", "router_out": "len([0, 1, 2, 3])"}),
    ("router_more_logits", "moe_routing", {"k": "2", "router_out": "6"}),
    ("k_past_experts", "topk_k", {"k": "5", "router_out": "4"}),
)

template("retrieval_knn_head", "(5, 6)")(
    """
class Memory(nn.Module):
    def __init__(self, n, d):
        super().__init__()
        self.register_buffer("keys", torch.randn(n, d))
        self.register_buffer("vals", torch.randn(n, 3))

    def lookup(self, q, k):
        d = torch.cdist(q, self.keys)
        top = d.topk(k, largest=False).indices
        return self.vals[top].mean(1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(6, {qd})
        self.mem = Memory(10, 4)

    def forward(self, x):
        return self.mem.lookup(self.q(x), {k})
"""
)
add(
    "retrieval_knn_head",
    ("ok", "clean", {"qd": "4", "k": "3"}),
    ("ok_all_neighbours", "clean", {"qd": "4", "k": "10"}),
    ("query_dim_mismatch", "cdist_features", {"qd": "6", "k": "3"}),
    ("k_past_memory_v2", "topk_k", {"qd": "4", "k": "11"}),
)

template("einops_video_pool", "(2, 4, 3, 6, 6)")(
    """
from einops import rearrange, reduce, repeat


class Net(nn.Module):
    def __init__(self, t=4):
        super().__init__()
        self.t = t
        self.frame = nn.Conv2d(3, 8, 3, padding=1)
        self.time_pos = nn.Parameter(torch.zeros(t, 8))

    def forward(self, x):
        b = x.shape[0]
        f = self.frame(rearrange(x, "b t c h w -> (b t) c h w"))
        f = reduce(f, "(b t) c h w -> b t c", "mean", b=b)
        pos = {pos}
        return (f + pos).mean(1)
"""
)
add(
    "einops_video_pool",
    ("ok", "clean", {"pos": 'repeat(self.time_pos, "t c -> b t c", b=b)'}),
    ("ok_broadcast_pos", "clean", {"pos": "self.time_pos[None]"}),
    ("repeat_axis_unnamed", "einops_repeat_axis", {"pos": 'repeat(self.time_pos, "t c -> b t c")'}),
    ("pos_time_last_v2", "broadcast_add", {"pos": 'repeat(self.time_pos, "t c -> b c t", b=b)'}),
)

template("norm_stack_builder", "(2, 6, 10, 10)")(
    """
def norm_layer(kind, ch):
    if kind == "gn":
        return nn.GroupNorm({groups}, ch)
    if kind == "ln":
        return nn.LayerNorm(ch)
    return nn.BatchNorm2d(ch)


class Net(nn.Module):
    def __init__(self, kind="{kind}"):
        super().__init__()
        self.kind = kind
        self.stem = nn.Conv2d(6, 12, 3, padding=1)

    def build_tail(self):
        return nn.Sequential(
            norm_layer(self.kind, 12), nn.ReLU(), nn.Conv2d(12, 12, 3, padding=1), norm_layer(self.kind, 12)
        )

    def forward(self, x):
        return self.build_tail()(self.stem(x)).flatten(1).mean(-1)
"""
)
add(
    "norm_stack_builder",
    ("ok", "clean", {"groups": "4", "kind": "gn"}),
    ("ok_batchnorm", "clean", {"groups": "5", "kind": "bn"}),
    ("groups_not_dividing", "groupnorm_channels", {"groups": "5", "kind": "gn"}),
    ("layernorm_on_channels", "norm_shape", {"groups": "4", "kind": "ln"}),
)

template("trajectory_integral", "(3, 9)")(
    """
class Net(nn.Module):
    def __init__(self, n_knots={knots}):
        super().__init__()
        self.vel = nn.Sequential(nn.Linear(9, 9), nn.Softplus())
        self.register_buffer("t", torch.linspace(0, 1, n_knots))
        self.edges = torch.tensor({edges})

    def forward(self, x):
        v = self.vel(x)
        dist = torch.trapezoid(v, self.t, dim=-1)
        return torch.bucketize(dist, self.edges).float() + dist
"""
)
add(
    "trajectory_integral",
    ("ok", "clean", {"knots": "9", "edges": "[0.2, 0.5, 1.0]"}),
    ("ok_single_edge", "clean", {"knots": "9", "edges": "[0.5]"}),
    ("knots_one_short", "trapezoid_x_len", {"knots": "8", "edges": "[0.2, 0.5, 1.0]"}),
    (
        "edges_as_matrix",
        "bucketize_boundaries",
        {"knots": "9", "edges": "[[0.2, 0.5], [0.6, 1.0]]"},
    ),
)

template("nested_sentence_pool", "(2, 4)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.lengths = [3, 5]

    def forward(self, x):
        seqs = [self.proj(x[i].expand(n, -1) * torch.arange(1, n + 1)[:, None]) for i, n in enumerate(self.lengths)]
        nt = torch.nested.nested_tensor(seqs, layout=torch.jagged)
        pooled = {pool}
        return pooled
"""
)
add(
    "nested_sentence_pool",
    ("ok", "clean", {"pool": "torch.stack([s.mean(0) for s in nt.unbind()])"}),
    ("ok_padded_max", "clean", {"pool": "nt.to_padded_tensor(0.0, output_size=(2, 5, 4)).amax(1)"}),
    # written as a crash (nested_padded_output_size); torch 2.13 runs it: a jagged nested tensor
    # pads to an output size below its longest component
    (
        "padded_to_shortest",
        "clean",
        {"pool": "nt.to_padded_tensor(0.0, output_size=(2, 3, 4)).amax(1)"},
    ),
    ("ok_mean_ragged", "clean", {"pool": "nt.mean(1)"}),
    ("std_over_time", "nested_tensor_reduce", {"pool": "nt.std(1)"}),
    ("flatten_tokens", "nested_ragged_size", {"pool": "nt.flatten(1).sum(-1)"}),
)

template("causal_lm_mask_fill", "(2, 6, 12)")(
    """
class SelfAttn(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x, pad):
        B, N, D = x.shape
        q, k, v = self.qkv(x).view(B, N, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        att = q @ k.transpose(-2, -1) / (D // self.h) ** 0.5
        causal = torch.ones(N, N, dtype=torch.bool).triu(1)
        att = att.masked_fill(causal, float("-inf"))
        att = att.masked_fill({pad_mask}, float("-inf"))
        return self.proj((att.softmax(-1).nan_to_num() @ v).transpose(1, 2).reshape(B, N, D))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttn(12, {heads})

    def forward(self, x):
        pad = torch.zeros(x.shape[0], x.shape[1], dtype=torch.bool)
        pad[0, -2:] = True
        return self.attn(x, pad)
"""
)
add(
    "causal_lm_mask_fill",
    ("ok", "clean", {"pad_mask": "pad[:, None, None, :]", "heads": "3"}),
    ("ok_four_heads", "clean", {"pad_mask": "pad.view(B, 1, 1, N)", "heads": "4"}),
    ("pad_mask_not_expanded", "masked_fill_broadcast", {"pad_mask": "pad", "heads": "3"}),
    (
        "pad_mask_as_float",
        "mask_dtype",
        {"pad_mask": "pad[:, None, None, :].float()", "heads": "3"},
    ),
    ("heads_not_dividing_v2", "reshape_numel", {"pad_mask": "pad[:, None, None, :]", "heads": "5"}),
)

# clean twins that look risky (an edge value, a spelling that works, a near-miss; and the
# cases written as crashes that torch runs)
RISKY_CLEAN = (
    "evidential_head__ok_digamma_order",
    "dirichlet_calibrator__ok_second_order",
    "dirichlet_calibrator__ok_weights_broadcast",
    "weighted_whitening__ok_aweights_softmax",
    "ensemble_spread_stats__ok_counts_repeat",
    "read_depth_simulator__ok_rounded_float",
    "token_dropout_counts__ok_double_lengths",
    "sparse_gcn_layer__ok_csr_rows",
    "sparse_grad_report__ok_dense_nonzero",
    "int8_export_stub__ok_int_repr",
    "calib_table_dump__ok_zero_points",
    "mc_dropout_predictor__ok_true_flag",
    "teacher_student_modes__ok_bool_cast",
    "teacher_student_modes__ok_eval_plain",
    "frozen_backbone_ft__ok_train_false",
    "latent_prior_batch__ok_rows_match",
    "action_dist_tiles__ok_single",
    "gmm_density_score__ok_three_dim",
    "vae_gauss_recon__ok_scalar_broadcast",
    "corr_prior_head__ok_three_groups",
    "scale_tril_sampler__ok_two_dims",
    "fast_init_builder__ok_adapter_plain",
    "lazy_head_registry__ok_norm",
    "meta_materialize__ok_device_object",
    "sharded_load_stub__ok_recurse_kw",
    "memmap_token_batch__ok_cast_first",
    "packed_position_ids__ok_int32",
    "codebook_hit_rate__ok_angle_hits",
    "spectral_peak_mask__ok_threshold",
    "maxnorm_embedding_reg__ok_guarded",
    "conv_filter_constraint__ok_zero_limit",
    "segment_mean_pool__ok_python_ints",
    "utterance_chunker__ok_uneven_parts",
    "kv_cache_decoder__ok_roomy_cache",
    "beam_reorder_step__ok_k_all_beams",
    "patch_embed_einops__ok_patch_eight",
    "fused_qkv_split_cfg__ok_uniform_split",
    "relation_bmm_head__ok_einsum",
    "relation_bmm_head__ok_square_untransposed",
    "masked_mean_pooler__ok_bool_mul",
    "lora_wrapped_linear__ok_rank_one_functional",
    "lora_wrapped_linear__ok_merged_delta",
    "window_attention_block__ok_window_two",
    "gated_mlp_chunks__ok_tensor_split",
    "gated_mlp_chunks__ok_unflatten_unbind",
    "amp_step_with_scaler__ok_sgd_momentum",
    "warmup_cosine_sched__ok_start_one",
    "ckpt_buffer_roundtrip__ok_getvalue_copy",
    "rotary_cached_attention__ok_offset_fits",
    "grouped_query_cfg__ok_mqa_bool_mask",
    "packed_gru_encoder__ok_unsorted_allowed",
    "lstm_state_carry__ok_literal_layers",
    "stft_feature_frontend__ok_power",
    "spectral_conv_mixer__ok_all_modes",
    "per_sample_grads_func__ok_sum_reduction",
    "straight_through_quant__ok_zero_scale_grad",
    "straight_through_quant__scale_grad_full_shape",
    "activation_stats_hooks__ok_scaled_output",
    "init_scheme_cfg__ok_orthogonal_conv",
    "unet_decoder_cfg__ok_interp_to_skip",
    "subpixel_upsampler__ok_scale_three",
    "clip_style_contrastive__ok_smoothed",
    "multilabel_tagger_loss__ok_scalar_pos_weight",
    "fake_quant_observer__ok_four_bits",
    "topk_sampling_decode__ok_many_with_replacement",
    "ragged_collate_pipeline__ok_left_pad",
    "moe_topk_router__ok_top1",
    "retrieval_knn_head__ok_all_neighbours",
    "einops_video_pool__ok_broadcast_pos",
    "norm_stack_builder__ok_batchnorm",
    "trajectory_integral__ok_single_edge",
    "nested_sentence_pool__ok_padded_max",
    "nested_sentence_pool__padded_to_shortest",
    "nested_sentence_pool__ok_mean_ragged",
    "causal_lm_mask_fill__ok_four_heads",
)

# templates that are whole small models (a second module class, a stack, or three torch modules)
WHOLE_MODELS = (
    "evidential_head",
    "dirichlet_calibrator",
    "weighted_whitening",
    "ensemble_spread_stats",
    "read_depth_simulator",
    "sparse_gcn_layer",
    "int8_export_stub",
    "mc_dropout_predictor",
    "teacher_student_modes",
    "frozen_backbone_ft",
    "action_dist_tiles",
    "vae_gauss_recon",
    "fast_init_builder",
    "lazy_head_registry",
    "meta_materialize",
    "sharded_load_stub",
    "conv_filter_constraint",
    "kv_cache_decoder",
    "patch_embed_einops",
    "fused_qkv_split_cfg",
    "relation_bmm_head",
    "masked_mean_pooler",
    "lora_wrapped_linear",
    "gated_mlp_chunks",
    "amp_step_with_scaler",
    "warmup_cosine_sched",
    "rotary_cached_attention",
    "grouped_query_cfg",
    "packed_gru_encoder",
    "stft_feature_frontend",
    "spectral_conv_mixer",
    "per_sample_grads_func",
    "straight_through_quant",
    "activation_stats_hooks",
    "init_scheme_cfg",
    "unet_decoder_cfg",
    "subpixel_upsampler",
    "clip_style_contrastive",
    "multilabel_tagger_loss",
    "fake_quant_observer",
    "ragged_collate_pipeline",
    "moe_topk_router",
    "retrieval_knn_head",
    "norm_stack_builder",
    "trajectory_integral",
    "causal_lm_mask_fill",
)
