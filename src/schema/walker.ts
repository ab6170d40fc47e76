import { dirname } from 'node:path';
import type {
  ClassDeclaration,
  IntersectionTypeNode,
  MappedTypeNode,
  PropertyDeclaration,
  PropertySignature,
  SourceFile,
  TypeLiteralNode,
  TypeNode,
} from 'ts-morph';
import { Node, SyntaxKind } from '../compiler/ts-morph.js';
import { type Attached, type FileMarkers, collectFileMarkers, locate } from '../markers/collect.js';
import type { MarkerRegistry } from '../markers/registry.js';
import type { SourceLocation } from '../errors/diagnostic.js';
import { K8sModelIr } from './k8s-models/to-ir.js';
import { isClientNodeFile, isOperatorTsTypesFile } from './known-types.js';
import {
  CONDITION_DECL,
  type NamedNode,
  declarationOf,
  importedFrom,
  isLibFile,
  isOperatorTsRuntimeFile,
  knownAlias,
  mergeProperties,
} from './resolve.js';
import { toJsonOf } from './to-json.js';
import type { IrProperty, IrType, NamedDecl } from './model.js';

type Env = ReadonlyMap<string, IrType>;

/** How deep a generic declaration may instantiate itself before its recursion counts as endless. */
const MAX_SELF_INSTANTIATIONS = 16;

function loc(node: Node): SourceLocation {
  const sf = node.getSourceFile();
  const { line, column } = sf.getLineAndColumnAtPos(node.getStart());
  return { file: sf.getFilePath(), line, column };
}

/**
 * TypeWalker turns TypeScript type nodes into the {@link IrType} model. It walks TYPE NODES (not checker
 * types) so aliases such as `int32` survive, and resolves references through symbol declarations.
 */
export class TypeWalker {
  private readonly named = new Map<Node, NamedDecl>();
  private readonly fileMarkers = new Map<SourceFile, FileMarkers>();
  private readonly folderOptional = new Map<string, boolean>();
  /** Generic declarations being instantiated, with how many of their instantiations are open. */
  private readonly instantiating = new Map<Node, number>();
  /** client-node models, built from Kubernetes' schema instead of their declaration files. */
  private readonly models = new K8sModelIr();

  /** The registry holds the markers the walker reads from comments: those of every generator of the run. */
  constructor(private readonly registry: MarkerRegistry) {}

  /** markersOf returns (and caches) the markers of a source file. */
  markersOf(sf: SourceFile): FileMarkers {
    let fm = this.fileMarkers.get(sf);
    if (fm === undefined) {
      fm = collectFileMarkers(sf, this.registry);
      this.fileMarkers.set(sf, fm);
    }
    return fm;
  }

  /** attached returns the markers and doc directly above a declaration. */
  attached(node: Node): Attached {
    return this.markersOf(node.getSourceFile()).byDecl.get(node.getStart()) ?? { markers: [], doc: [] };
  }

  private isFolderOptional(sf: SourceFile): boolean {
    const dir = dirname(sf.getFilePath());
    const cached = this.folderOptional.get(dir);
    if (cached !== undefined) return cached;
    let optional = false;
    if (!isClientNodeFile(dir)) {
      for (const other of sf.getProject().getSourceFiles()) {
        if (dirname(other.getFilePath()) !== dir) continue;
        if (this.markersOf(other).packageMarkers.some((m) => m.def.name === 'kubebuilder:validation:Optional'))
          optional = true;
      }
    }
    this.folderOptional.set(dir, optional);
    return optional;
  }

  /** walkDeclaration returns the named IR for a declaration (memoised unless generic arguments are bound). */
  walkDeclaration(node: NamedNode, args: readonly IrType[] = []): NamedDecl {
    const generic = args.length > 0;
    if (isClientNodeFile(node.getSourceFile().getFilePath())) return this.clientNodeModel(node, node);
    const existing = generic ? undefined : this.named.get(node);
    if (existing !== undefined) return existing;
    const att = this.attached(node);
    const decl: NamedDecl = {
      name: node.getName() ?? '(anonymous)',
      markers: att.markers,
      doc: att.doc,
      loc: loc(node),
      external: false,
      type: { kind: 'object', properties: [] },
    };
    if (!generic) this.named.set(node, decl);
    // A declaration without type arguments is walked once (the memo above ends its recursion); only a
    // generic one that instantiates itself with new arguments (`Tree<T[]>` inside Tree<T>) has no end.
    const open = generic ? (this.instantiating.get(node) ?? 0) + 1 : 0;
    if (open > MAX_SELF_INSTANTIATIONS) {
      decl.type = this.error(
        node,
        `${decl.name} instantiates itself with new type arguments without end`,
        'give the recursive field a fixed type argument, or type it as JSONValue with +kubebuilder:pruning:PreserveUnknownFields',
      );
      return decl;
    }
    if (generic) this.instantiating.set(node, open);
    const env = new Map<string, IrType>();
    if (!Node.isEnumDeclaration(node)) {
      node
        .getTypeParameters()
        .forEach((p, i) =>
          env.set(
            p.getName(),
            args[i] ?? this.error(p, `type parameter ${p.getName()} has no argument`, 'pass a type argument'),
          ),
        );
    }
    decl.type = this.walkNamedBody(node, env);
    if (generic) this.instantiating.set(node, open - 1);
    return decl;
  }

  /**
   * clientNodeModel is a `@kubernetes/client-node` model (the generator sees only its name: the models
   * come from Kubernetes' schema), located at the reference that first uses it.
   */
  private clientNodeModel(node: NamedNode, at: Node): NamedDecl {
    return this.models.decl(node.getName() ?? '(anonymous)', loc(at));
  }

  private walkNamedBody(node: NamedNode, env: Env): IrType {
    if (Node.isTypeAliasDeclaration(node)) {
      const tn = node.getTypeNode();
      return tn === undefined ? this.error(node, 'type alias without a type', 'write the type') : this.walk(tn, env);
    }
    if (Node.isEnumDeclaration(node)) {
      const values = node.getMembers().map((m) => m.getValue());
      if (values.every((v) => typeof v === 'string')) return { kind: 'enum', base: 'string', values: values };
      if (values.every((v) => typeof v === 'number'))
        return { kind: 'enum', base: values.every((v) => Number.isInteger(v)) ? 'integer' : 'number', values: values };
      return this.error(node, `enum ${node.getName()} mixes string and number members`, 'use only string members');
    }
    const json = this.serialized(node, env);
    if (json !== undefined) return json;
    if (Node.isClassDeclaration(node)) return this.walkClass(node, env);
    const props: IrProperty[] = [];
    for (const h of node.getExtends()) {
      const target = this.resolveExpression(h.getExpression());
      const args = h.getTypeArguments().map((a) => this.walk(a, env));
      if (target === undefined) {
        return this.error(
          h,
          `cannot resolve base type ${h.getText()}`,
          'extend an interface or type alias of an object type',
        );
      }
      const baseDecl = isClientNodeFile(target.getSourceFile().getFilePath())
        ? this.clientNodeModel(target, h)
        : this.walkDeclaration(target, args);
      if (baseDecl.type.kind === 'error') return baseDecl.type;
      const base = this.objectOf({ kind: 'named', decl: baseDecl });
      if (base === undefined) return this.error(h, `${h.getText()} is not an object type`, 'extend an object type');
      props.push(...base);
    }
    if (node.getIndexSignatures().length > 0) {
      if (node.getProperties().length > 0 || props.length > 0)
        return this.error(
          node,
          `${node.getName()} mixes properties and an index signature`,
          'use either named properties or a Record<string, T> map',
        );
      const idx = node.getIndexSignatures()[0];
      const rt = idx?.getReturnTypeNode();
      return rt === undefined
        ? this.error(node, 'index signature without a type', 'write its value type')
        : { kind: 'map', values: this.walk(rt, env) };
    }
    if (node.getMethods().length > 0 || node.getCallSignatures().length > 0) {
      const m = node.getMethods()[0] ?? node.getCallSignatures()[0] ?? node;
      return this.error(
        m,
        `method ${m.getText().split('(')[0]} in ${node.getName()} has no schema`,
        'API types are data only: remove methods and functions',
      );
    }
    return {
      kind: 'object',
      properties: mergeProperties(
        props,
        node.getProperties().map((p) => this.property(p, env)),
      ),
    };
  }

  private walkClass(node: ClassDeclaration, env: Env): IrType {
    let inherited: IrProperty[] = [];
    const base = node.getExtends();
    if (base !== undefined) {
      const target = this.resolveExpression(base.getExpression());
      const baseDecl =
        target === undefined
          ? undefined
          : isClientNodeFile(target.getSourceFile().getFilePath())
            ? this.clientNodeModel(target, base)
            : this.walkDeclaration(
                target,
                base.getTypeArguments().map((a) => this.walk(a, env)),
              );
      if (baseDecl?.type.kind === 'error') return baseDecl.type;
      const baseProps = baseDecl === undefined ? undefined : this.objectOf({ kind: 'named', decl: baseDecl });
      if (baseProps === undefined)
        return this.error(
          base,
          `base class ${base.getText()} is not an object type operator-ts can read`,
          'extend a class or interface of data fields declared in your API files',
        );
      inherited = baseProps;
    }
    const props: IrProperty[] = [];
    for (const p of node.getProperties()) {
      // Static members belong to the class; ES private fields (#x) are left out by JSON.stringify.
      if (p.isStatic() || Node.isPrivateIdentifier(p.getNameNode())) continue;
      props.push(this.property(p, env));
    }
    const merged = mergeProperties(inherited, props);
    return { kind: 'object', properties: merged };
  }

  /** serialized is the schema of what a type's toJSON() returns, when it has one (see toJsonOf). */
  private serialized(node: NamedNode, env: Env): IrType | undefined {
    if (!Node.isInterfaceDeclaration(node) && !Node.isClassDeclaration(node)) return undefined;
    const json = toJsonOf(node);
    if (json === undefined) return undefined;
    if ('untyped' in json)
      return this.error(
        json.untyped,
        `${node.getName() ?? 'the class'}.toJSON() has no declared return type, which is the schema of its values`,
        'declare it: toJSON(): string (or the type it returns)',
      );
    return this.walk(json.returns, env);
  }

  private property(p: PropertySignature | PropertyDeclaration, env: Env): IrProperty {
    const nameNode = p.getNameNode();
    const name =
      Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)
        ? nameNode.getLiteralText()
        : p.getName();
    const tn = p.getTypeNode();
    const att = this.attached(p);
    return {
      name,
      optional: p.hasQuestionToken(),
      type:
        tn === undefined
          ? this.error(p, `property ${name} has no type annotation`, 'write its type explicitly')
          : this.walk(tn, env),
      markers: att.markers,
      doc: att.doc,
      loc: loc(p),
      folderOptional: this.isFolderOptional(p.getSourceFile()),
    };
  }

  /** walk converts one type node. */
  walk(node: TypeNode, env: Env): IrType {
    if (Node.isParenthesizedTypeNode(node)) return this.walk(node.getTypeNode(), env);
    const keyword = this.keyword(node);
    if (keyword !== undefined) return keyword;
    if (Node.isLiteralTypeNode(node)) return this.literal(node.getLiteral(), node);
    if (Node.isArrayTypeNode(node)) return { kind: 'array', items: this.walk(node.getElementTypeNode(), env) };
    if (Node.isTupleTypeNode(node)) return this.tuple(node, env);
    if (Node.isTypeOperatorTypeNode(node)) {
      if (node.getOperator() === SyntaxKind.ReadonlyKeyword) return this.walk(node.getTypeNode(), env);
      return this.error(node, `\`${node.getText()}\` is not supported`, 'write an explicit type');
    }
    if (Node.isUnionTypeNode(node)) return this.union(node, env);
    if (Node.isIntersectionTypeNode(node)) return this.intersection(node, env);
    if (Node.isTypeLiteral(node)) return this.typeLiteral(node, env);
    if (Node.isTypeReference(node)) return this.reference(node, env);
    if (Node.isIndexedAccessTypeNode(node)) return this.indexedAccess(node, env);
    if (Node.isMappedTypeNode(node)) return this.mapped(node, env);
    return this.error(
      node,
      `\`${node.getText()}\` is not supported in API types`,
      'write an explicit interface, alias, array, Record or union of literals',
    );
  }

  /** keyword converts a keyword type (string, boolean, and those with no schema), or returns undefined for any other node. */
  private keyword(node: TypeNode): IrType | undefined {
    switch (node.getKind()) {
      case SyntaxKind.StringKeyword:
        return { kind: 'primitive', type: 'string' };
      case SyntaxKind.BooleanKeyword:
        return { kind: 'primitive', type: 'boolean' };
      case SyntaxKind.NumberKeyword:
        return this.error(
          node,
          'plain `number` does not say which integer or float type the field is',
          "use int32 or int64 (integers) or float64 from 'operator-ts/types'",
        );
      case SyntaxKind.BigIntKeyword:
        return this.error(node, '`bigint` has no JSON representation', "use int64 from 'operator-ts/types'");
      case SyntaxKind.AnyKeyword:
      case SyntaxKind.UnknownKeyword:
      case SyntaxKind.ObjectKeyword:
        return {
          ...this.error(
            node,
            `\`${node.getText()}\` has no schema`,
            "add +kubebuilder:pruning:PreserveUnknownFields or +kubebuilder:validation:Schemaless, or use JSONValue/RawExtension from 'operator-ts/types'",
          ),
          allowedBy: 'preserve',
        };
      case SyntaxKind.SymbolKeyword:
        return this.error(node, '`symbol` has no JSON representation', 'API types are data only: use string');
      case SyntaxKind.FunctionType:
      case SyntaxKind.ConstructorType:
        return this.error(
          node,
          'a function type has no JSON representation',
          'API types are data only: remove the function',
        );
      default:
        return undefined;
    }
  }

  /** intersection merges the object types of `A & B`; `string & {}` (an autocomplete-friendly open string) is the primitive itself. */
  private intersection(node: IntersectionTypeNode, env: Env): IrType {
    const parts = node.getTypeNodes();
    const nonEmpty = parts.filter((p) => !(Node.isTypeLiteral(p) && p.getMembers().length === 0));
    const only = nonEmpty[0];
    if (nonEmpty.length === 1 && only !== undefined && parts.length > 1) return this.walk(only, env);
    const props: IrProperty[] = [];
    for (const part of parts) {
      const ir = this.walk(part, env);
      if (ir.kind === 'error') return ir;
      const p = this.objectOf(ir);
      if (p === undefined)
        return this.error(
          part,
          `intersection member ${part.getText()} is not an object type`,
          'intersect only object types',
        );
      props.splice(0, props.length, ...mergeProperties(props, p));
    }
    return { kind: 'object', properties: props };
  }

  /** typeLiteral converts `{ ... }`: an object of properties, or a map when it has an index signature. */
  private typeLiteral(node: TypeLiteralNode, env: Env): IrType {
    if (node.getMethods().length > 0 || node.getCallSignatures().length > 0)
      return this.error(node, 'a method has no JSON representation', 'API types are data only: remove methods');
    const idx = node.getIndexSignatures();
    if (idx.length === 0) return { kind: 'object', properties: node.getProperties().map((p) => this.property(p, env)) };
    if (node.getProperties().length > 0)
      return this.error(
        node,
        'an object type mixes properties and an index signature',
        'use either named properties or a Record<string, T> map',
      );
    const rt = idx[0]?.getReturnTypeNode();
    return rt === undefined
      ? this.error(node, 'index signature without a type', 'write its value type')
      : { kind: 'map', values: this.walk(rt, env) };
  }

  /** mapped converts `{ [k in K]?: V }`, which is Record<K, V> written out; a key remapping (`as`) has no map schema. */
  private mapped(node: MappedTypeNode, env: Env): IrType {
    const key = node.getTypeParameter().getConstraint();
    const value = node.getTypeNode();
    if (key === undefined || value === undefined || node.getNameTypeNode() !== undefined) {
      return this.error(
        node,
        `mapped type \`${node.getText()}\` has no schema`,
        'write Record<K, V> with a string key type',
      );
    }
    return this.mapOf(key, value, env);
  }

  /**
   * indexedAccess is `T['field']`: the type of a field of T (without the field's own markers, as a Go
   * field typed with another package's named type gets that type's schema), or the values of a map.
   */
  private indexedAccess(
    node: TypeNode & { getObjectTypeNode(): TypeNode; getIndexTypeNode(): TypeNode },
    env: Env,
  ): IrType {
    const index = node.getIndexTypeNode();
    const lit = Node.isLiteralTypeNode(index) ? index.getLiteral() : undefined;
    const key =
      lit !== undefined && (Node.isStringLiteral(lit) || Node.isNoSubstitutionTemplateLiteral(lit))
        ? lit.getLiteralText()
        : undefined;
    const owner = this.walk(node.getObjectTypeNode(), env);
    if (owner.kind === 'error') return owner;
    const target = owner.kind === 'named' ? owner.decl.type : owner;
    if (target.kind === 'map') return target.values;
    if (key === undefined)
      return this.error(
        index,
        `the index of \`${node.getText()}\` is not one field name`,
        `name one field in quotes: ${node.getObjectTypeNode().getText()}['field']`,
      );
    const field = this.objectOf(owner)?.find((p) => p.name === key);
    if (field === undefined)
      return this.error(index, `${node.getObjectTypeNode().getText()} has no field ${key}`, 'name a field it declares');
    return field.type;
  }

  private literal(lit: Node, node: Node): IrType {
    if (Node.isStringLiteral(lit) || Node.isNoSubstitutionTemplateLiteral(lit))
      return { kind: 'enum', base: 'string', values: [lit.getLiteralText()] };
    if (Node.isNumericLiteral(lit)) {
      const v = lit.getLiteralValue();
      return { kind: 'enum', base: Number.isInteger(v) ? 'integer' : 'number', values: [v] };
    }
    if (Node.isPrefixUnaryExpression(lit)) {
      const v = Number(lit.getText());
      return { kind: 'enum', base: Number.isInteger(v) ? 'integer' : 'number', values: [v] };
    }
    if (Node.isTrueLiteral(lit) || Node.isFalseLiteral(lit))
      return { kind: 'enum', base: 'boolean', values: [Node.isTrueLiteral(lit)] };
    return this.error(
      node,
      `\`${node.getText()}\` alone has no schema`,
      'remove null/undefined or combine it with a type (T | null)',
    );
  }

  private union(node: Node & { getTypeNodes(): TypeNode[] }, env: Env): IrType {
    let nullable = false;
    const parts: TypeNode[] = [];
    for (const t of node.getTypeNodes()) {
      if (t.getKind() === SyntaxKind.UndefinedKeyword) continue;
      if (Node.isLiteralTypeNode(t) && t.getLiteral().getKind() === SyntaxKind.NullKeyword) {
        nullable = true;
        continue;
      }
      parts.push(t);
    }
    const wrap = (ir: IrType): IrType => (nullable ? { kind: 'nullable', inner: ir } : ir);
    const first = parts[0];
    if (first === undefined)
      return this.error(node, `\`${node.getText()}\` has no schema`, 'give the field a real type');
    if (parts.length === 1) return wrap(this.walk(first, env));
    const irs = parts.map((p) => this.walk(p, env));
    const err = irs.find((i) => i.kind === 'error');
    if (err !== undefined) return err;
    const enums = irs.map((i) => (i.kind === 'named' ? i.decl.type : i));
    if (enums.every((e) => e.kind === 'enum')) {
      const bases = new Set(enums.map((e) => (e.kind === 'enum' ? (e.base === 'number' ? 'integer' : e.base) : '')));
      const values = enums.flatMap((e) => (e.kind === 'enum' ? e.values : []));
      if (bases.size === 1) {
        const b = [...bases][0] as 'string' | 'integer' | 'boolean';
        if (b === 'boolean' && values.includes(true) && values.includes(false))
          return wrap({ kind: 'primitive', type: 'boolean' });
        const base = b === 'integer' && !values.every((v) => Number.isInteger(v)) ? 'number' : b;
        return wrap({ kind: 'enum', base, values: [...new Set(values)] });
      }
    }
    // `'a' | 'b' | string` is TypeScript's "known values, but open": on the wire it is just a string.
    if (
      enums.every(
        (e) =>
          (e.kind === 'enum' && e.base === 'string') ||
          (e.kind === 'primitive' && e.type === 'string' && e.format === undefined),
      )
    ) {
      return wrap({ kind: 'primitive', type: 'string' });
    }
    const objectLike = irs.filter(
      (i) => this.objectOf(i) !== undefined || (i.kind === 'named' && i.decl.type.kind === 'map'),
    );
    if (objectLike.length >= 2) {
      return this.error(
        node,
        `union of object types \`${node.getText()}\` is not a structural schema`,
        'merge the variants into one object with optional fields and add +kubebuilder:validation:ExactlyOneOf=... (or XValidation rules)',
      );
    }
    return this.error(
      node,
      `union \`${node.getText()}\` has no structural schema`,
      "use a union of literals (enum), IntOrString from 'operator-ts/types', or one type",
    );
  }

  private objectOf(ir: IrType): IrProperty[] | undefined {
    if (ir.kind === 'object') return ir.properties;
    if (ir.kind === 'named') return this.objectOf(ir.decl.type);
    return undefined;
  }

  private resolveExpression(expr: Node): NamedNode | undefined {
    const sym = expr.getSymbol();
    return sym === undefined ? undefined : declarationOf(sym);
  }

  private reference(node: Node, env: Env): IrType {
    if (!Node.isTypeReference(node)) return this.error(node, 'not a reference', '');
    const typeName = node.getTypeName();
    const text = typeName.getText();
    const args = node.getTypeArguments();
    const bound = env.get(text);
    if (bound !== undefined) return bound;
    const ident = Node.isQualifiedName(typeName) ? typeName.getRight() : typeName;
    const sym = ident.getSymbol();
    const simple = ident.getText();
    const fromOperatorTs = sym !== undefined && importedFrom(sym) === 'operator-ts/types';
    if (sym === undefined && simple === 'Condition')
      return this.error(
        node,
        'cannot resolve type Condition',
        "import it: import type { Condition } from 'operator-ts/runtime'",
      );
    const decl = sym === undefined ? undefined : declarationOf(sym);
    const declFile = decl?.getSourceFile().getFilePath() ?? '';
    const alias = fromOperatorTs || isOperatorTsTypesFile(declFile) ? knownAlias(simple) : undefined;
    if (alias !== undefined) return alias;
    if (decl !== undefined && isClientNodeFile(declFile) && simple === 'IntOrString')
      return { kind: 'intOrString', quantity: false };
    if (
      simple === 'Condition' &&
      (fromOperatorTs ||
        isOperatorTsTypesFile(declFile) ||
        (sym !== undefined && importedFrom(sym) === 'operator-ts/runtime') ||
        isOperatorTsRuntimeFile(declFile))
    ) {
      return { kind: 'named', decl: CONDITION_DECL };
    }
    if (decl === undefined || !isClientNodeFile(declFile)) {
      if (['Array', 'ReadonlyArray'].includes(text) && decl === undefined) return this.arrayOf(args, env, node);
      if (text === 'Record' && decl === undefined) return this.record(args, env, node);
      if (text === 'Date' && decl === undefined)
        return { kind: 'primitive', type: 'string', format: 'date-time', goStruct: true };
    }
    if (decl === undefined) {
      if (text === 'Array' || text === 'ReadonlyArray') return this.arrayOf(args, env, node);
      if (text === 'Record') return this.record(args, env, node);
      if (text === 'Date') return { kind: 'primitive', type: 'string', format: 'date-time', goStruct: true };
      return this.error(
        node,
        `cannot resolve type ${text}`,
        'import it from a file included in --paths, @kubernetes/client-node or operator-ts/types',
      );
    }
    if (isLibFile(declFile)) {
      if (text === 'Array' || text === 'ReadonlyArray') return this.arrayOf(args, env, node);
      if (text === 'Record') return this.record(args, env, node);
      if (text === 'Date') return { kind: 'primitive', type: 'string', format: 'date-time', goStruct: true };
      const json = this.serialized(decl, env);
      if (json !== undefined) return json;
      return this.error(node, `built-in type ${text} has no schema`, 'write an explicit interface or alias');
    }
    if (isClientNodeFile(declFile)) return { kind: 'named', decl: this.clientNodeModel(decl, node) };
    return {
      kind: 'named',
      decl: this.walkDeclaration(
        decl,
        args.map((a) => this.walk(a, env)),
      ),
    };
  }

  /**
   * tuple reads a tuple whose members all have one type (`[int64, int64, int64]`) as an array of it, as
   * controller-gen reads a Go array (`[3]int64`): without minItems or maxItems.
   */
  private tuple(node: TypeNode & { getElements(): TypeNode[] }, env: Env): IrType {
    const members = node.getElements().map((e) => {
      const t = Node.isNamedTupleMember(e) ? e.getTypeNode() : e;
      return Node.isOptionalTypeNode(t) ? t.getTypeNode() : t;
    });
    const rest = node
      .getElements()
      .some((e) => Node.isRestTypeNode(e) || (Node.isNamedTupleMember(e) && e.getDotDotDotToken() !== undefined));
    const first = members[0];
    if (first === undefined || rest || !members.every((m) => m.getText() === first.getText())) {
      return this.error(
        node,
        `tuple \`${node.getText()}\` is not structural: its members differ`,
        'use an array (T[]) of one type, or an object with named fields',
      );
    }
    return { kind: 'array', items: this.walk(first, env) };
  }

  private arrayOf(args: TypeNode[], env: Env, node: Node): IrType {
    const a = args[0];
    return a === undefined
      ? this.error(node, 'Array needs an element type', 'write Array<T> or T[]')
      : { kind: 'array', items: this.walk(a, env) };
  }

  private record(args: TypeNode[], env: Env, node: Node): IrType {
    const [k, v] = args;
    if (k === undefined || v === undefined)
      return this.error(node, 'Record needs a key and a value type', 'write Record<string, T>');
    return this.mapOf(k, v, env);
  }

  /** mapOf is a map keyed by a string type: string, an alias chain to it, a string enum or literal union. */
  private mapOf(k: TypeNode, v: TypeNode, env: Env): IrType {
    if (k.getKind() !== SyntaxKind.StringKeyword && !isStringKey(this.walk(k, env))) {
      return this.error(k, `map keys must be strings, not ${k.getText()}`, 'use Record<string, T>');
    }
    return { kind: 'map', values: this.walk(v, env) };
  }

  private error(node: Node, message: string, hint: string): IrType & { kind: 'error' } {
    return { kind: 'error', message, hint, loc: loc(node) };
  }
}

/** isStringKey tells a map key type that is a string on the wire (through any chain of aliases). */
function isStringKey(ir: IrType): boolean {
  if (ir.kind === 'named') return isStringKey(ir.decl.type);
  if (ir.kind === 'enum') return ir.base === 'string';
  return ir.kind === 'primitive' && ir.type === 'string' && ir.goStruct !== true;
}

export { locate };
