/**
 * The data of flect's English pluralisation (github.com/gobuffalo/flect v1.0.3: plural_rules.go and
 * acronyms.go), which kubebuilder and controller-gen use for resource plurals. Kept as plain data so that
 * the engine in flect.ts stays small; the differential test against the real flect proves the two agree.
 */

/** FlectWord is one dictionary entry: an irregular or invariant noun. */
export interface FlectWord {
  readonly singular: string;
  /** Omitted for uncountable words, whose plural is the singular. */
  readonly plural?: string;
  /** A second accepted plural (only used when singularising, so it also marks a word as already plural). */
  readonly alternative?: string;
  /** The plural does not lead back to this singular. */
  readonly unidirectional?: boolean;
  readonly uncountable?: boolean;
  /** Only the whole word, never as the suffix of a compound. */
  readonly exact?: boolean;
}

const w = (singular: string, plural: string, extra: Omit<FlectWord, 'singular' | 'plural'> = {}): FlectWord => ({
  singular,
  plural,
  ...extra,
});
const alt = (
  singular: string,
  plural: string,
  alternative: string,
  extra: Omit<FlectWord, 'singular' | 'plural' | 'alternative'> = {},
): FlectWord => ({
  singular,
  plural,
  alternative,
  ...extra,
});
const uncountable = (singular: string): FlectWord => ({ singular, uncountable: true });

/** FLECT_DICTIONARY lists flect's irregular nouns in flect's order (later entries win as compound suffixes). */
export const FLECT_DICTIONARY: readonly FlectWord[] = [
  // Identical singular and plural.
  w('aircraft', 'aircraft'),
  alt('beef', 'beef', 'beefs'),
  w('bison', 'bison'),
  w('blues', 'blues', { unidirectional: true }),
  w('chassis', 'chassis'),
  w('deer', 'deer'),
  alt('fish', 'fish', 'fishes'),
  w('moose', 'moose'),
  w('police', 'police'),
  alt('salmon', 'salmon', 'salmons'),
  w('series', 'series'),
  w('sheep', 'sheep'),
  alt('shrimp', 'shrimp', 'shrimps'),
  w('species', 'species'),
  alt('swine', 'swine', 'swines'),
  alt('trout', 'trout', 'trouts'),
  alt('tuna', 'tuna', 'tunas'),
  w('you', 'you'),
  // Plurals in -(e)n.
  w('child', 'children'),
  w('ox', 'oxen', { exact: true }),
  // Apophonic plurals.
  w('foot', 'feet'),
  w('goose', 'geese'),
  w('man', 'men'),
  w('human', 'humans'),
  w('louse', 'lice', { exact: true }),
  w('mouse', 'mice'),
  w('tooth', 'teeth'),
  w('woman', 'women'),
  // Miscellaneous irregulars.
  w('die', 'dice', { exact: true }),
  w('person', 'people'),
  // French -u takes -x.
  alt('adieu', 'adieux', 'adieus'),
  w('fabliau', 'fabliaux'),
  alt('bureau', 'bureaus', 'bureaux'),
  // Greek -on becomes -a.
  w('criterion', 'criteria'),
  alt('ganglion', 'ganglia', 'ganglions'),
  alt('lexicon', 'lexica', 'lexicons'),
  alt('mitochondrion', 'mitochondria', 'mitochondrions'),
  w('noumenon', 'noumena'),
  w('phenomenon', 'phenomena'),
  w('taxon', 'taxa'),
  // Latin -um becomes -a.
  w('media', 'media'),
  alt('medium', 'media', 'mediums', { unidirectional: true }),
  alt('stadium', 'stadiums', 'stadia'),
  alt('aquarium', 'aquaria', 'aquariums'),
  alt('auditorium', 'auditoria', 'auditoriums'),
  alt('symposium', 'symposia', 'symposiums'),
  alt('curriculum', 'curriculums', 'curricula'),
  w('quota', 'quotas'),
  // Latin -us becomes -i or -era.
  alt('alumnus', 'alumni', 'alumnuses'),
  w('bacillus', 'bacilli'),
  alt('cactus', 'cacti', 'cactuses'),
  w('coccus', 'cocci'),
  alt('focus', 'foci', 'focuses'),
  alt('locus', 'loci', 'locuses'),
  alt('nucleus', 'nuclei', 'nucleuses'),
  alt('octopus', 'octupuses', 'octopi'),
  alt('radius', 'radii', 'radiuses'),
  w('syllabus', 'syllabi'),
  alt('corpus', 'corpora', 'corpuses'),
  w('genus', 'genera'),
  // Latin -a becomes -ae.
  w('alumna', 'alumnae'),
  w('vertebra', 'vertebrae'),
  w('differentia', 'differentiae'),
  w('minutia', 'minutiae'),
  w('vita', 'vitae'),
  w('larva', 'larvae'),
  w('postcava', 'postcavae'),
  w('praecava', 'praecavae'),
  w('uva', 'uvae'),
  // Latin -ex becomes -ices.
  alt('apex', 'apices', 'apexes'),
  alt('codex', 'codices', 'codexes'),
  alt('index', 'indices', 'indexes'),
  alt('latex', 'latices', 'latexes'),
  alt('vertex', 'vertices', 'vertexes'),
  alt('vortex', 'vortices', 'vortexes'),
  // Latin -ix becomes -ices.
  alt('appendix', 'appendices', 'appendixes'),
  alt('radix', 'radices', 'radixes'),
  alt('helix', 'helices', 'helixes'),
  // Latin -is becomes -es.
  w('axis', 'axes', { exact: true }),
  w('crisis', 'crises'),
  w('ellipsis', 'ellipses', { unidirectional: true }),
  w('genesis', 'geneses'),
  w('oasis', 'oases'),
  w('thesis', 'theses'),
  w('testis', 'testes'),
  w('base', 'bases'),
  w('basis', 'bases', { unidirectional: true }),
  w('alias', 'aliases', { exact: true }),
  w('vedalia', 'vedalias'),
  // Words in -ch, -o, -s, -sh, -x, -z that the suffix rules would get wrong.
  w('use', 'uses', { exact: true }),
  w('abuse', 'abuses'),
  w('cause', 'causes'),
  w('clause', 'clauses'),
  w('cruse', 'cruses'),
  w('excuse', 'excuses'),
  w('fuse', 'fuses'),
  w('house', 'houses'),
  w('misuse', 'misuses'),
  w('muse', 'muses'),
  w('pause', 'pauses'),
  w('ache', 'aches'),
  w('topaz', 'topazes'),
  alt('buffalo', 'buffaloes', 'buffalos'),
  w('potato', 'potatoes'),
  w('tomato', 'tomatoes'),
  // Uncountable.
  uncountable('equipment'),
  uncountable('information'),
  uncountable('jeans'),
  uncountable('money'),
  uncountable('news'),
  uncountable('rice'),
  // Exceptions to -f(e) -> -ves.
  alt('dwarf', 'dwarfs', 'dwarves'),
  alt('hoof', 'hoofs', 'hooves'),
  w('thief', 'thieves'),
  w('chive', 'chives'),
  w('hive', 'hives'),
  w('move', 'moves'),
  // Exceptions to -y -> -ies, -um -> -a, -a -> -ae and -o -> -oes.
  w('movie', 'movies'),
  w('cookie', 'cookies'),
  w('pretorium', 'pretoriums'),
  w('agenda', 'agendas'),
  alt('formula', 'formulas', 'formulae'),
  w('shoe', 'shoes'),
  w('toe', 'toes', { exact: true }),
  w('graffiti', 'graffiti'),
  // Abbreviations.
  w('ID', 'IDs', { exact: true }),
];

/**
 * FLECT_SUFFIXES are flect's suffix rules (singular suffix, plural suffix), first match wins. They apply
 * to the last word of an identifier, case-sensitively.
 */
export const FLECT_SUFFIXES: readonly (readonly [string, string])[] = [
  // -f / -fe -> -ves
  ['tive', 'tives'],
  ['eaf', 'eaves'],
  ['oaf', 'oaves'],
  ['afe', 'aves'],
  ['arf', 'arves'],
  ['rfe', 'rves'],
  ['rf', 'rves'],
  ['lf', 'lves'],
  ['fe', 'ves'],
  // consonant + y -> -ies
  ['ay', 'ays'],
  ['ey', 'eys'],
  ['oy', 'oys'],
  ['quy', 'quies'],
  ['uy', 'uys'],
  ['y', 'ies'],
  // French -eau -> -eaux
  ['eau', 'eaux'],
  // Latin -a -> -ae (flect maps all five to "bulae")
  ['bula', 'bulae'],
  ['dula', 'bulae'],
  ['lula', 'bulae'],
  ['nula', 'bulae'],
  ['vula', 'bulae'],
  // Greek -on -> -a
  ['hedron', 'hedra'],
  // Latin -um -> -a
  ['ium', 'ia'],
  ['seum', 'seums'],
  ['eum', 'ea'],
  ['oum', 'oa'],
  ['stracum', 'straca'],
  ['dum', 'da'],
  ['elum', 'ela'],
  ['ilum', 'ila'],
  ['olum', 'ola'],
  ['ulum', 'ula'],
  ['llum', 'lla'],
  ['ylum', 'yla'],
  ['imum', 'ima'],
  ['ernum', 'erna'],
  ['gnum', 'gna'],
  ['brum', 'bra'],
  ['crum', 'cra'],
  ['terum', 'tera'],
  ['serum', 'sera'],
  ['trum', 'tra'],
  ['antum', 'anta'],
  ['atum', 'ata'],
  ['entum', 'enta'],
  ['etum', 'eta'],
  ['itum', 'ita'],
  ['otum', 'ota'],
  ['utum', 'uta'],
  ['ctum', 'cta'],
  ['ovum', 'ova'],
  // Latin -trix -> -trices
  ['trix', 'trices'],
  // Latin -is -> -es
  ['iasis', 'iases'],
  ['mesis', 'meses'],
  ['kinesis', 'kineses'],
  ['resis', 'reses'],
  ['gnosis', 'gnoses'],
  ['opsis', 'opses'],
  ['ysis', 'yses'],
  // -ch, -o, -s, -sh, -x, -z
  ['ouse', 'ouses'],
  ['lause', 'lauses'],
  ['us', 'uses'],
  ['ch', 'ches'],
  ['io', 'ios'],
  ['sh', 'shes'],
  ['ss', 'sses'],
  ['ez', 'ezzes'],
  ['iz', 'izzes'],
  ['tz', 'tzes'],
  ['zz', 'zzes'],
  ['ano', 'anos'],
  ['lo', 'los'],
  ['to', 'tos'],
  ['oo', 'oos'],
  ['o', 'oes'],
  ['x', 'xes'],
  // abbreviations
  ['S', 'Ses'],
];

/** FLECT_ACRONYMS are the upper-case words flect keeps as one part of an identifier (`APIService` is API + Service). */
export const FLECT_ACRONYMS: ReadonlySet<string> = new Set(
  (
    'OK UTF8 HTML JSON JWT ID UUID SQL ACK ACL ADSL AES ANSI API ARP ATM BGP BSS CCITT CHAP CIDR CIR CLI CPE CPU CRC CRT ' +
    'CSMA CMOS DCE DEC DES DHCP DNS DRAM DSL DSLAM DTE DMI EHA EIA EIGRP EOF ESS FCC FCS FDDI FTP GBIC GEPOF HDLC HTTP ' +
    'HTTPS IANA ICMP IDF IDS IEEE IETF IMAP IP IPS ISDN ISP LACP LAN LAPB LAPF LLC MAC MC MDF MIB MPLS MTU NAC NAT NBMA ' +
    'NIC NRZ NRZI NVRAM OSI OSPF OUI PAP PAT PC PIM PCM PDU POP3 POTS PPP PPTP PTT PVST RAM RARP RFC RIP RLL ROM RSTP ' +
    'RTP RCP SDLC SFD SFP SLARP SLIP SMTP SNA SNAP SNMP SOF SRAM SSH SSID STP SYN TDM TFTP TIA TOFU UDP URL URI USB UTP ' +
    'VC VLAN VLSM VPN W3C WAN WEP WPA WWW'
  ).split(' '),
);
